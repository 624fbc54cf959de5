// Registers the elements before React renders, so React 19 finds their properties (`testimonial`,
// `limit`) on the elements and sets those instead of attributes.
import '../../../src/define.js';
// The typed JSX of the elements (React 19 flavour).
import type {} from '../../../src/types/react.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
