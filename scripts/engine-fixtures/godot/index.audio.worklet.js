// The shape of Godot's audio worklet: registered by the engine when audio starts (after a player's
// gesture), so a check that only loads the page never asks for it.
class GodotProcessor extends AudioWorkletProcessor {
	process(inputs, outputs) {
		for (const output of outputs) for (const channel of output) channel.fill(0);
		return true;
	}
}
registerProcessor('godot-processor', GodotProcessor);
