
// A stand-in for the Engine class Godot 4.0-4.2 appends to its index.js (after the Emscripten
// glue, here a -pthread build exported as `Godot`), in its shape: getMissingFeatures() refuses a
// threaded export without cross-origin isolation, startGame() downloads the .pck with progress
// and starts the module on #canvas.
const Engine = (function () {
	function Engine(config) {
		this.config = config || {};
	}
	Engine.getMissingFeatures = function (opts) {
		const missing = [];
		if (typeof WebGL2RenderingContext === 'undefined') missing.push('WebGL2 - Check web browser configuration and hardware support');
		if (typeof WebAssembly === 'undefined') missing.push('WebAssembly - Check web browser configuration');
		if ((opts || {}).threads !== false) {
			if (!globalThis.crossOriginIsolated) missing.push('Cross Origin Isolation - Check web server configuration (send correct headers)');
			if (typeof SharedArrayBuffer === 'undefined') missing.push('SharedArrayBuffer - Check web server configuration (send correct headers)');
		}
		return missing;
	};
	Engine.prototype.startGame = function (override) {
		const config = Object.assign({}, this.config, override || {});
		const executable = config.executable || 'index';
		const onProgress = config.onProgress || function () {};
		const total = Object.values(config.fileSizes || {}).reduce((sum, size) => sum + size, 0);
		return fetch(executable + '.pck').then((response) => {
			if (!response.ok) throw new Error('Failed loading file \'' + executable + '.pck\'');
			return response.arrayBuffer();
		}).then((pck) => {
			onProgress(pck.byteLength, total);
			// canvasResizePolicy 2: the canvas fills the window.
			const canvas = document.getElementById('canvas');
			canvas.width = window.innerWidth;
			canvas.height = window.innerHeight;
			return Godot({
				canvas: canvas,
				mainPck: new Uint8Array(pck),
				locateFile: (path) => path,
				print: console.log.bind(console),
				printErr: console.error.bind(console),
			});
		});
	};
	return Engine;
}());
