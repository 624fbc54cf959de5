/**
 * The sandbox's project in memory: testimonials, links and the invite log, with the operations of the
 * spec. Inputs arrive already validated (`src/client/validation.ts`); every operation checks everything
 * it can still refuse before it changes anything, so a failed request leaves the store as it was.
 */
import { InvalidRequestError } from '../client/validation.js';
import {
  LIMIT_DEFAULT,
  type CreateTestimonialInput,
  type InviteRequest,
  type InviteResult,
  type Links,
  type ListTestimonialsParams,
  type Testimonial,
  type UpdateTestimonialInput,
} from '../client/types.js';
import { FIXTURE_EPOCH, generateFixtures } from './fixtures/generate.js';
import { highlight, matchesWords, queryWords, withoutTags } from './highlight.js';
import { createRandom, type Random } from './random.js';
import { sandboxRef } from './urls.js';
import { PROJECT } from './fixtures/data.js';

export interface StoreOptions {
  seed: number;
  /** The instant fixture dates count back from. */
  epoch?: Date;
  /** How many testimonials the fixtures hold (default `FIXTURE_COUNT`). */
  count?: number;
  /** The clock for `created_at` and default `date` of created testimonials. */
  clock: () => Date;
}

function sameLanguage(lang: string | undefined, wanted: string): boolean {
  if (!lang) return false;
  const a = lang.toLowerCase().replace('_', '-');
  const b = wanted.toLowerCase().replace('_', '-');
  // `lang=pt` finds pt-BR; `lang=pt-BR` finds only pt-BR.
  return a === b || a.startsWith(`${b}-`);
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

export class SandboxStore {
  private testimonials = new Map<string, Testimonial>();
  private invited = new Map<string, Set<string>>();
  private linkGroups!: Links;
  private projectId = '';
  private ids!: Random;

  constructor(private readonly options: StoreOptions) {
    this.reset();
  }

  /** Back to the seed's fixtures: every change since is forgotten. */
  reset(): void {
    const fixtures = generateFixtures(this.options.seed, this.options.epoch ?? FIXTURE_EPOCH, this.options.count);
    this.testimonials = new Map(fixtures.testimonials.map((t) => [t.id, t]));
    this.invited = fixtures.invited;
    this.linkGroups = fixtures.links;
    this.projectId = fixtures.projectId;
    // Ids of created testimonials come from their own sequence, so they too repeat for a seed.
    this.ids = createRandom(this.options.seed * 7919 + 17);
  }

  get links(): Links {
    return structuredClone(this.linkGroups);
  }

  /**
   * Spec 4.1: filters, then sorts (date or rating; ties on rating broken by date in the same direction,
   * then by id, so paging is stable), then cuts page `page` (from 1) of `limit`. With `query`, matches in
   * `text` come back wrapped in `<mark>`.
   */
  list(params: ListTestimonialsParams): Testimonial[] {
    const words = params.query ? queryWords(params.query) : [];
    const tags = params.tags ?? [];
    const matches = [...this.testimonials.values()].filter(
      (t) =>
        (params.approved === undefined || t.approved === params.approved) &&
        (params.rating === undefined || t.rating === params.rating) &&
        (params.type === undefined || t.type === params.type) &&
        (params.integration === undefined || t.integration === params.integration) &&
        (tags.length === 0 || t.tags.some((tag) => tags.includes(tag))) &&
        (params.lang === undefined ||
          sameLanguage(t.lang, params.lang) ||
          t.translations.some((translation) => sameLanguage(translation.lang, params.lang!))) &&
        (words.length === 0 || matchesWords(words, [withoutTags(t.text), t.title, t.customer_name, t.customer_email, t.customer_tagline])),
    );
    const direction = params.order === 'asc' ? 1 : -1;
    const byDate = (a: Testimonial, b: Testimonial) => Date.parse(a.date) - Date.parse(b.date);
    const byRating = (a: Testimonial, b: Testimonial) => a.rating - b.rating;
    const primary = params.sort === 'rating' ? byRating : byDate;
    matches.sort((a, b) => direction * (primary(a, b) || byDate(a, b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const limit = params.limit ?? LIMIT_DEFAULT;
    const start = ((params.page ?? 1) - 1) * limit;
    return matches.slice(start, start + limit).map((t) => {
      const copy = structuredClone(t);
      if (words.length) copy.text = highlight(copy.text, words);
      return copy;
    });
  }

  get(id: string): Testimonial | undefined {
    const found = this.testimonials.get(id);
    return found && structuredClone(found);
  }

  private requireForm(formId: string): void {
    if (!this.invited.has(formId)) {
      throw new InvalidRequestError('form_id', `form_id ${formId} is not a form of this project (see GET /links, group forms).`);
    }
  }

  /**
   * Spec 4.2. Every field of spec 2.1 is filled: what was given, else null / [] / defaults. A testimonial
   * created without `approved` is pending (the safe default: nothing is published unless asked).
   */
  create(input: CreateTestimonialInput): Testimonial {
    if (input.form_id !== undefined) this.requireForm(input.form_id);
    const now = this.options.clock().toISOString();
    const id = this.ids.uuid();
    const testimonial: Testimonial = {
      id,
      type: input.type,
      integration: input.integration ?? null,
      title: input.title ?? null,
      text: input.text ?? '',
      rating: input.rating ?? 0,
      media: (input.media ?? []) as Testimonial['media'],
      url: input.url ?? null,
      date: input.date ? new Date(input.date).toISOString() : now,
      approved: input.approved ?? false,
      project_id: this.projectId,
      form_id: input.form_id ?? null,
      thumbnail_url: input.thumbnail_url ?? null,
      customer_name: input.customer_name,
      customer_email: input.customer_email ?? null,
      customer_avatar: input.customer_avatar ?? null,
      customer_tagline: input.customer_tagline ?? null,
      customer_username: input.customer_username ?? null,
      customer_url: input.customer_url ?? null,
      customer_company: input.customer_company ?? null,
      customer_company_logo: input.customer_company_logo ?? null,
      reward: null,
      created_at: now,
      tags: unique(input.tags ?? []),
      // The service detects the language; the sandbox cannot, and assumes English.
      lang: 'en',
      translations: [],
      video_url: input.type === 'video' ? input.video_url! : null,
      // The service transcodes uploads into renditions; the sandbox does not, so a created video has
      // only `video_url` (players fall back to it).
      video: null,
      links: { service: sandboxRef(`/dashboard/testimonials/${id}`), public: sandboxRef(`/p/${PROJECT.permalink}/t/${id}`) },
    };
    this.testimonials.set(id, testimonial);
    return structuredClone(testimonial);
  }

  /**
   * Spec 4.4: approval and tags only. Tags that do not exist yet are created by adding them. Looks the id
   * up and writes in one synchronous step; undefined when it is gone (deleted while the body arrived).
   */
  update(id: string, input: UpdateTestimonialInput): Testimonial | undefined {
    const current = this.testimonials.get(id);
    if (!current) return undefined;
    const removed = new Set(input.remove_tags ?? []);
    const updated: Testimonial = {
      ...current,
      approved: input.approved ?? current.approved,
      // Adding wins over removing when a tag is in both lists: the request asked for it to be there.
      tags: unique([...current.tags.filter((tag) => !removed.has(tag)), ...(input.add_tags ?? [])]),
    };
    this.testimonials.set(id, updated);
    return structuredClone(updated);
  }

  delete(id: string): boolean {
    return this.testimonials.delete(id);
  }

  /**
   * Spec 2.7 / 4.7. Addresses are compared case-insensitively; an address already invited through this
   * form, or listed twice in one request, is skipped with `already_invited`. Nothing is mailed.
   */
  invite(request: InviteRequest): InviteResult {
    this.requireForm(request.form_id);
    const invited = this.invited.get(request.form_id)!;
    const result: InviteResult = { sent: 0, skipped: [] };
    for (const { email } of request.recipients) {
      const key = email.toLowerCase();
      if (invited.has(key)) {
        result.skipped.push({ email, reason: 'already_invited' });
      } else {
        invited.add(key);
        result.sent++;
      }
    }
    return result;
  }
}
