// A stand-in for Unity 2021's Build/{name}.loader.js, in its shape: createUnityInstance(canvas,
// config, onProgress) downloads the data file with progress, loads the framework (an Emscripten
// glue script defining unityFramework) from a script tag, and the framework instantiates the wasm
// with WebAssembly.instantiateStreaming. Errors read as Unity's do.
function createUnityInstance(canvas, config, onProgress) {
  onProgress = onProgress || function () {};
  var Module = { canvas: canvas, print: console.log.bind(console), printErr: console.error.bind(console) };
  for (var key in config) Module[key] = config[key];
  Module.locateFile = function (path) {
    return path.endsWith('.wasm') ? Module.codeUrl : path;
  };

  function errorListener(message) {
    if (Module.showBanner) Module.showBanner(message, 'error');
    console.error(message);
  }

  function downloadData() {
    return fetch(Module.dataUrl).then(function (response) {
      if (!response.ok) throw 'Unable to load file ' + Module.dataUrl + '! Check that the file exists on the remote server. (also check browser Console and Devtools Network tab to debug)';
      onProgress(0.5);
      return response.arrayBuffer();
    });
  }

  function loadFramework() {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = Module.frameworkUrl;
      script.onload = function () {
        if (typeof unityFramework === 'undefined' || !unityFramework) {
          var compressions = [['br', 'br'], ['gz', 'gzip']];
          for (var i in compressions) {
            var compression = compressions[i];
            if (Module.frameworkUrl.endsWith('.' + compression[0])) {
              var log = 'Unable to parse ' + Module.frameworkUrl + '!';
              if (location.protocol == 'file:') log += ' Loading pre-compressed (brotli or gzip) content via a file:// URL without a web server is not supported by this browser.';
              else log += ' This can happen if build compression was enabled but web server hosting the content was misconfigured to not serve the file with HTTP Response Header "Content-Encoding: ' + compression[1] + '" present. Check browser Console and Devtools Network tab to debug.';
              errorListener(log);
              reject(log);
              return;
            }
          }
          reject('Unable to parse ' + Module.frameworkUrl + '! The file is corrupt, or compression was misconfigured? (check Content-Encoding HTTP Response Header on web server)');
          return;
        }
        var framework = unityFramework;
        unityFramework = null;
        resolve(framework);
      };
      script.onerror = function () {
        var message = 'Unable to load file ' + Module.frameworkUrl + '! Check that the file exists on the remote server. (also check browser Console and Devtools Network tab to debug)';
        errorListener(message);
        reject(message);
      };
      document.body.appendChild(script);
    });
  }

  return Promise.all([downloadData(), loadFramework()]).then(function (loaded) {
    Module.unityData = new Uint8Array(loaded[0]);
    onProgress(0.9);
    return loaded[1](Module);
  }).then(function () {
    onProgress(1);
    return { Module: Module, SetFullscreen: function () {}, Quit: function () { return Promise.resolve(); } };
  });
}
