// Loads the app's code for a page the server has already drawn (src/server/render/deferred-code.ts):
// once the page has painted, so on a slow network its text and styles arrive before the code
// competes with them for the line. The page is readable meanwhile; the code then hydrates it.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ');
  function start() {
    preload.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
