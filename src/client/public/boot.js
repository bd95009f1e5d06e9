// Prerendered pages load the app through this file: it starts the app's JavaScript only once the
// page has been painted, so the first paint waits for nothing but the HTML and the stylesheet.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  // Controls changed before the app starts, replayed once it has (early-input-handoff.ts, record 034).
  var early = (window.__hsEarlyInput = []);
  function note(event) {
    if (window.__hsEarlyInput === early && early.indexOf(event.target) < 0) early.push(event.target);
  }
  addEventListener('input', note, true);
  addEventListener('change', note, true);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timer below starts the app.
  }
  // A background tab may not paint for a while; the app starts anyway.
  setTimeout(start, 1500);
})();
