// <testimonial-form> is defined on first use: this registers how to load it and watches the document
// for the tag, so a page without a form downloads none of it. Imported by the script-tag entry and by
// `testimonial-elements/define`.
import { defineOnFirstUse, loadWhenUsedInDocument } from '../shared/lazy-define.js';

defineOnFirstUse('testimonial-form', () => import('./define.js'));
loadWhenUsedInDocument('testimonial-form');
