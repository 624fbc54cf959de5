/**
 * Records a video testimonial in the browser: camera and microphone are asked for only when the
 * visitor chooses to record (`open()`), a live preview, a countdown before recording starts, a stop at
 * the route's maximum length, retake, and a poster taken from the recording (a frame drawn from the
 * camera one second in, or at the stop, whichever comes first). The camera is switched off as soon as
 * a recording is done, closed or the element leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type RecorderState = 'idle' | 'asking' | 'preview' | 'countdown' | 'recording' | 'recorded' | 'failed';

/** Seconds counted down before recording starts. */
export const COUNTDOWN_SECONDS = 3;

/** What a recording gave: the video and its poster (a JPEG, or `undefined` when no frame could be drawn). */
export interface Recording {
  video: Blob;
  poster: Blob | undefined;
}

/** The container types to record in, the first the browser can: WebM where it can, MP4 in Safari. */
const RECORDING_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

export class VideoRecorder implements ReactiveController {
  state: RecorderState = 'idle';
  /** The live camera, for the preview's `srcObject`. */
  stream: MediaStream | undefined;
  /** Seconds left of the countdown, or of the recording. */
  seconds = 0;
  recording: Recording | undefined;
  /** Why the camera could not be used. */
  error: unknown;

  private recorder: MediaRecorder | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private poster: Promise<Blob | undefined> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** The preview's `<video>` (the frame for the poster is drawn from it). */
    private readonly preview: () => HTMLVideoElement | null | undefined,
    /** The longest recording allowed, in seconds (the route's `uploads.video.maxSeconds`). */
    private readonly maxSeconds: () => number,
    private readonly recorded: (recording: Recording) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  /** Asks for the camera and the microphone (the browser's prompt), then shows the preview. */
  async open(): Promise<void> {
    this.set('asking');
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      this.recording = undefined;
      this.set('preview');
    } catch (error) {
      this.error = error;
      this.set('failed');
    }
  }

  /** Counts down, then records until `stop()` or the maximum length. */
  record(): void {
    if (this.state !== 'preview' || !this.stream) return;
    this.seconds = COUNTDOWN_SECONDS;
    this.set('countdown');
    this.tick(() => this.start());
  }

  /** Ends the recording now (the countdown too). */
  stop(): void {
    if (this.state === 'countdown') {
      this.clearTimer();
      this.set('preview');
    } else if (this.recorder?.state === 'recording') this.recorder.stop();
  }

  /** Drops the recording and opens the camera again. */
  retake(): Promise<void> {
    this.recording = undefined;
    return this.open();
  }

  /** Switches the camera off and forgets everything (a recording already handed over stays the host's). */
  close(): void {
    this.clearTimer();
    if (this.recorder?.state === 'recording') {
      this.recorder.ondataavailable = null;
      this.recorder.onstop = null;
      this.recorder.stop();
    }
    this.recorder = undefined;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = undefined;
    this.recording = undefined;
    this.set('idle');
  }

  private start(): void {
    const stream = this.stream!;
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    this.recorder = recorder;
    recorder.ondataavailable = (event) => event.data.size && chunks.push(event.data);
    recorder.onstop = async () => {
      this.clearTimer();
      const poster = await (this.poster ?? this.drawPoster());
      // The container type alone: storage and the route compare it with their list ("video/webm").
      const type = (recorder.mimeType || chunks[0]?.type || 'video/webm').split(';')[0]!;
      this.recording = { video: new Blob(chunks, { type }), poster };
      stream.getTracks().forEach((track) => track.stop());
      this.stream = undefined;
      this.set('recorded');
      this.recorded(this.recording);
    };
    this.poster = undefined;
    // A timeslice, so a long recording is handed over in pieces rather than held in one buffer.
    recorder.start(1000);
    this.seconds = this.maxSeconds();
    this.set('recording');
    setTimeout(() => {
      if (recorder.state === 'recording') this.poster = this.drawPoster();
    }, 1000);
    this.tick(() => this.stop());
  }

  /** Counts `seconds` down once a second, then calls `done`. */
  private tick(done: () => void): void {
    this.clearTimer();
    this.timer = setInterval(() => {
      this.seconds -= 1;
      this.host.requestUpdate();
      if (this.seconds <= 0) {
        this.clearTimer();
        done();
      }
    }, 1000);
  }

  private clearTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A frame of the preview as a JPEG (the recording's poster). */
  private drawPoster(): Promise<Blob | undefined> {
    const video = this.preview();
    if (!video?.videoWidth) return Promise.resolve(undefined);
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/jpeg', 0.85));
  }

  private set(state: RecorderState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
