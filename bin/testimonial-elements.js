#!/usr/bin/env node
// The published command: `testimonial-elements sandbox|proxy [options]` (see README).
import '../dist/node/cli.js';
