// The package's main entry: classes, client and types. No side effects: import
// `testimonial-elements/define` to register the elements.
export * from './client/index.js';
