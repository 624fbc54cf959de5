/**
 * custom-elements.json lists the public API only: the analyzer, run with the build's configuration,
 * documents every attribute of the four elements and none of their internal reactive state.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { buildManifest } from './support/manifest.js';

interface Declaration {
  tagName?: string;
  attributes?: { name: string; fieldName?: string; description?: string }[];
  members?: { name: string; privacy?: string; attribute?: string; description?: string; type?: { text?: string } }[];
}

describe('custom-elements.json', () => {
  const elements = new Map<string, Declaration>();

  before(() => {
    const manifest = buildManifest() as { modules: { declarations?: Declaration[] }[] };
    for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
      if (declaration.tagName) elements.set(declaration.tagName, declaration);
    }
  });

  const attributes = (tag: string) => (elements.get(tag)?.attributes ?? []).map((attribute) => attribute.name).sort();

  it('documents every attribute of the five elements, each with a description', () => {
    assert.deepEqual([...elements.keys()].sort(), [
      'testimonial-card',
      'testimonial-form',
      'testimonial-summary',
      'testimonial-wall',
      'video-testimonial',
    ]);
    assert.deepEqual(attributes('testimonial-form'), ['consent', 'endpoint', 'fields', 'required', 'theme']);
    assert.deepEqual(attributes('testimonial-summary'), [
      'avatars',
      'endpoint',
      'href',
      'integration',
      'lang',
      'placement',
      'rating',
      'tags',
      'theme',
      'type',
      'variant',
      'wall-link',
    ]);
    assert.deepEqual(attributes('video-testimonial'), [
      'autoplay',
      'captions',
      'label',
      'label-lang',
      'muted',
      'poster',
      'src',
      'transcript',
      'type',
    ]);
    assert.ok(attributes('testimonial-card').includes('testimonial-id'));
    assert.ok(attributes('testimonial-wall').includes('max-items-lg'));
    for (const [tag, declaration] of elements) {
      for (const attribute of declaration.attributes ?? []) assert.ok(attribute.description, `${tag} ${attribute.name} has a description`);
    }
  });

  it('lists no internal state or @internal property as an attribute or public member', () => {
    for (const [tag, hiddenName] of [
      ['testimonial-card', 'failedImages'],
      ['testimonial-card', 'langAttribute'],
      ['testimonial-wall', 'announcement'],
      ['testimonial-wall', 'marqueePaused'],
      ['video-testimonial', 'phase'],
    ] as const) {
      const declaration = elements.get(tag)!;
      assert.ok(
        !declaration.attributes?.some((attribute) => attribute.fieldName === hiddenName),
        `${tag} has no attribute for ${hiddenName}`,
      );
      const member = declaration.members?.find((candidate) => candidate.name === hiddenName);
      assert.ok(!member || (member.privacy === 'private' && member.attribute === undefined), `${tag}.${hiddenName} is not public`);
    }
  });

  it("documents each element's `strings` property (its own words), typed with the translation table", () => {
    for (const [tag, declaration] of elements) {
      const strings = declaration.members?.find((member) => member.name === 'strings');
      assert.ok(
        strings && strings.privacy !== 'private' && strings.attribute === undefined,
        `${JSON.stringify(strings)}: ` + `${tag} has a public strings property, no attribute`,
      );
      assert.match(strings.description ?? '', /registerTranslation/, `${tag}.strings says how a whole page overrides words`);
      assert.match(strings.type?.text ?? '', /Partial<Translation>/, `${tag}.strings is typed`);
    }
  });
});
