/**
 * The take-over's wait for the server's paint (issue 24), in a chunk of its own that only a page with
 * server-rendered markup loads (fetched while the page paints). Its promise resolves once the page
 * has reported a paint (Paint Timing's entry comes with the frame's presentation; `buffered`: at once
 * if it has been), then a frame and a task more: the server's markup, parsed before the script that
 * takes it over, has then been painted and presented. Chromium gives a text its Largest Contentful
 * Paint time only once its frame has been presented and forgets the text should its node go before: a
 * take-over that came first made the page's LCP the take-over's repaint, and its render, style and
 * layout held back a first frame not yet painted. A page that reports no paint (loaded hidden, or
 * nothing on screen) is taken over after 3 s. The wait starts when the module is first imported, once per page: markup
 * inserted later (a client-side navigation) is taken over without it.
 */
export default new Promise((done) => {
  // A hidden page has no frames: a task only.
  const then = () => (document.hidden ? setTimeout(done) : requestAnimationFrame(() => setTimeout(done)));
  new PerformanceObserver(then).observe({ type: 'paint', buffered: true });
  setTimeout(then, 3e3);
});
