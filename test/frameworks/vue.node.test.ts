// The Vue 3 example app (demo/frameworks/vue), built with Vite and checked in Chromium.
import { describeExampleApp } from './example-app.js';

describeExampleApp('vue');
