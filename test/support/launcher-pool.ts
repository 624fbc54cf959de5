/**
 * A web-test-runner browser launcher made of several launchers of one kind, each running one test file
 * at a time, so that a browser whose windows cannot all hold focus still runs files side by side.
 *
 * Firefox gives focus to one window of a process: a second window of the same browser is visible and
 * painted, but `document.hasFocus()` is false there, `focus()` fires no event and `:focus` never matches
 * (checked on Firefox ESR 140 over WebDriver BiDi, with puppeteer's `focusmanager.testmode` pref on).
 * Two Firefox processes, each with its own profile and one window, both hold focus. web-test-runner
 * drives one launcher per browser entry, so this one hands each file to an idle member.
 */
import type { BrowserLauncher } from '@web/test-runner';

/** The launchers of `@web/test-runner-chrome` (and puppeteer's): test commands reach a session's page. */
interface PageLauncher extends BrowserLauncher {
  getPage(sessionId: string): unknown;
}

export function launcherPool(members: PageLauncher[]): PageLauncher {
  if (members.length === 0) throw new Error('launcherPool needs at least one launcher');
  const owner = new Map<string, PageLauncher>();
  /** Sessions being started: not active yet, but their launcher is taken. */
  const starting = new Set<string>();
  const ownerOf = (sessionId: string): PageLauncher => {
    const member = owner.get(sessionId);
    if (!member) throw new Error(`launcherPool: no launcher runs session ${sessionId}`);
    return member;
  };
  return {
    name: members[0]!.name,
    // Test commands (sendKeys, setViewport…) read `type` to know they can drive the page with puppeteer.
    type: members[0]!.type,
    concurrency: members.length,
    async initialize(config, testFiles) {
      await Promise.all(members.map((member) => member.initialize?.(config, testFiles)));
    },
    async stop() {
      await Promise.all(members.map((member) => member.stop?.()));
    },
    async startSession(sessionId, url) {
      // A session that failed to start or timed out is never stopped: its launcher is free again.
      for (const [id, member] of owner) if (!starting.has(id) && !member.isActive(id)) owner.delete(id);
      const busy = new Set(owner.values());
      const member = members.find((candidate) => !busy.has(candidate));
      // web-test-runner starts at most `concurrency` sessions at a time, and stops one before it
      // starts the next in its place.
      if (!member) throw new Error(`launcherPool: all ${members.length} launchers are busy (session ${sessionId})`);
      owner.set(sessionId, member);
      starting.add(sessionId);
      try {
        await member.startSession(sessionId, url);
      } finally {
        starting.delete(sessionId);
      }
    },
    isActive: (sessionId) => owner.get(sessionId)?.isActive(sessionId) ?? false,
    getBrowserUrl: (sessionId) => ownerOf(sessionId).getBrowserUrl(sessionId),
    async stopSession(sessionId) {
      try {
        return await ownerOf(sessionId).stopSession(sessionId);
      } finally {
        owner.delete(sessionId);
      }
    },
    startDebugSession: (sessionId, url) => members[0]!.startDebugSession(sessionId, url),
    getPage: (sessionId) => ownerOf(sessionId).getPage(sessionId),
  };
}
