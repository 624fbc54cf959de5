// The states a demo page shows by failing on purpose (an endpoint that does not exist, an unknown id,
// a filter the proxy refuses) come when asked: a page whose requests fail as it loads puts errors on
// every visitor's console (Lighthouse's best practices count them), and the state is the same a click
// later. `<button data-shows="ID">` puts the content of `<template id="ID">` where the template stands.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-shows]')) {
  const template = document.getElementById(button.dataset.shows ?? '');
  if (!(template instanceof HTMLTemplateElement)) throw new Error(`data-shows="${button.dataset.shows}": no <template> of that id`);
  button.addEventListener(
    'click',
    () => {
      template.before(template.content.cloneNode(true));
      // Shown once; the button stays where focus is, and says it has nothing more to do.
      button.setAttribute('aria-disabled', 'true');
    },
    { once: true },
  );
}
