import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The object URLs of the form's previews (the chosen images, the recording played back). A URL not
 * revoked keeps its file in memory until the page unloads, so each lives only while a render shows it:
 * one is made when a render first asks for its file, and revoked after the first render that no longer
 * does (an image removed, a recording retaken) or when the form leaves the page. A form put back in the
 * page renders again and gets new URLs for the files it kept.
 */
export class ObjectUrls implements ReactiveController {
  private readonly urls = new Map<Blob, string>();
  /** The files the render under way has shown. */
  private readonly shown = new Set<Blob>();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Back in the page after its URLs were revoked: render anew (on the first connection, one is due anyway). */
  hostConnected(): void {
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.shown.clear();
    this.revokeUnshown();
  }

  hostUpdate(): void {
    this.shown.clear();
  }

  hostUpdated(): void {
    this.revokeUnshown();
  }

  /** The URL that shows `file` in this render. */
  of(file: Blob): string {
    this.shown.add(file);
    let url = this.urls.get(file);
    if (!url) this.urls.set(file, (url = URL.createObjectURL(file)));
    return url;
  }

  private revokeUnshown(): void {
    for (const [file, url] of this.urls) {
      if (this.shown.has(file)) continue;
      URL.revokeObjectURL(url);
      this.urls.delete(file);
    }
  }
}
