import { expect } from '@open-wc/testing';
import { declaresTextRenditions, streamLoaderFor, type HlsConstructor } from '../../../src/elements/video-testimonial/hls-loader.js';
import { mediaUrl } from './video-fixtures.js';

/** hls.js's network loader, as far as the handover uses it: records what reached the network. */
class NetworkLoader {
  static loaded: string[] = [];
  context: unknown = null;
  stats = { loaded: 0, total: 0, loading: { start: 0, first: 0, end: 0 } };
  load(context: { url: string }): void {
    NetworkLoader.loaded.push(context.url);
  }
}

const HlsStub = { DefaultConfig: { loader: NetworkLoader } } as unknown as HlsConstructor;

describe('the master playlist handed to hls.js', () => {
  it('answers in a microtask, not behind a timer: a cold click waits for it before the level playlist', async () => {
    const url = mediaUrl('hls/index.m3u8');
    await declaresTextRenditions(url);
    const Loader = streamLoaderFor(HlsStub, url)!;
    expect(Loader, 'a loader once the playlist was read').to.be.a('function');
    const answers: string[] = [];
    const callbacks = { onSuccess: (response: { data: string }) => answers.push(response.data) };
    const loader = new Loader({} as never);
    loader.load({ type: 'manifest', url } as never, {} as never, callbacks as never);
    expect(answers, 'not synchronously: hls.js is still in loadSource()').to.deep.equal([]);
    await Promise.resolve();
    expect(answers).to.have.length(1);
    expect(answers[0]).to.match(/^#EXTM3U/);
    // A reload (a recovery) goes to the network.
    loader.load({ type: 'manifest', url } as never, {} as never, callbacks as never);
    expect(NetworkLoader.loaded).to.deep.equal([url]);
  });
});
