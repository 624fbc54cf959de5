// The builder page: registers the elements (for the live preview) and mounts the builder.
import '../src/cdn.js';
import { mountBuilder } from './builder-app.js';

mountBuilder(document.getElementById('builder')!);
