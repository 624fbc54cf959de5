// The React 19 example app (demo/frameworks/react), built with Vite and checked in Chromium.
import { describeExampleApp } from './example-app.js';

describeExampleApp('react');
