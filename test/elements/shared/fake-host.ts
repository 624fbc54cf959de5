/** A stand-in for a Lit element as a controller host, for Node tests of reactive controllers. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FakeHost implements ReactiveControllerHost {
  updates = 0;
  controllers: ReactiveController[] = [];
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  get updateComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}
