## PlayFree SDK for Godot 4 web exports (games/sdk/README.md, "Godot 4"). MIT licensed.
##
## Add this script as an autoload named PlayFree (Project > Project Settings > Globals > Autoload),
## and load the SDK before the engine: Project > Export > Web > HTML > Head Include:
##     <script src="/__playfree/sdk.js"></script>
## It calls window.PlayFree through JavaScriptBridge. Outside a web export, or on a page without the
## SDK, every call does nothing and every answer is a stand-alone game's.
extends Node

## The portal paused the game (a menu, an ad break, the tab hidden): freeze it and silence it.
signal paused
signal resumed
signal mute_changed(muted: bool)
## The player signed in and their account holds another save than this device's.
signal save_changed(data: Variant)

const NO_BREAK := {"shown": false, "rewarded": false, "reason": "unfilled"}

var _sdk: JavaScriptObject
var _json: JavaScriptObject
## JavaScript keeps calling these: Godot stops answering a callback nothing references any more.
var _listeners: Array[JavaScriptObject] = []
## Answers still awaited (ad breaks, saves, loads), each holding its own callbacks until it settles.
var _pending: Array[_Reply] = []


class _Reply:
	signal settled(value: Variant)
	var callbacks: Array[JavaScriptObject] = []


func _ready() -> void:
	if not OS.has_feature("web"):
		return
	_sdk = JavaScriptBridge.get_interface("PlayFree")
	if _sdk == null:
		push_warning("PlayFree: the SDK is not on the page; add <script src=\"/__playfree/sdk.js\"></script> to the Web export's Head Include")
		return
	_json = JavaScriptBridge.get_interface("JSON")
	_sdk.onPause(_listen(func(_args): paused.emit()))
	_sdk.onResume(_listen(func(_args): resumed.emit()))
	_sdk.onMute(_listen(func(args): mute_changed.emit(args[0] == true)))
	_sdk.onSaveChange(_listen(func(args): save_changed.emit(_to_godot(args[0]))))


func loaded() -> void:
	if _sdk: _sdk.loaded()


func gameplay_start() -> void:
	if _sdk: _sdk.gameplayStart()


func gameplay_stop() -> void:
	if _sdk: _sdk.gameplayStop()


func score(value: float) -> void:
	if _sdk: _sdk.score(value)


func level(value: int) -> void:
	if _sdk: _sdk.level(value)


func happy_moment() -> void:
	if _sdk: _sdk.happyMoment()


func game_over(final_score: float) -> void:
	if _sdk: _sdk.gameOver(final_score)


func unlock_medal(id: String) -> void:
	if _sdk: _sdk.unlockMedal(id)


func is_embedded() -> bool:
	return _sdk != null and _sdk.isEmbedded() == true


func is_muted() -> bool:
	return _sdk != null and _sdk.isMuted() == true


## A break between levels: { shown, rewarded, reason }. Use: var result = await PlayFree.midgame_break()
func midgame_break() -> Dictionary:
	if _sdk == null:
		return NO_BREAK.duplicate()
	return await _settle(_sdk.ads.midgame())


## A rewarded break; call it from an input event (a tap or click). Give the reward only when
## result.rewarded is true.
func rewarded_break() -> Dictionary:
	if _sdk == null:
		return NO_BREAK.duplicate()
	return await _settle(_sdk.ads.rewarded())


## Saves a Dictionary of JSON values (at most 64 KB as JSON) to the player's account, or the device:
## { stored: "account" | "device", data }, or { error } when the SDK refused it.
func save(data: Dictionary) -> Dictionary:
	if _sdk == null:
		return {"error": "PlayFree: the SDK is not on the page"}
	# A Dictionary does not cross JavaScriptBridge (it arrives as undefined): it goes as the page's
	# own object, parsed from its JSON text.
	return await _settle(_sdk.save(_json.parse(JSON.stringify(data))))


## The player's save (a Dictionary), or null when there is none.
func load_save() -> Variant:
	if _sdk == null:
		return null
	return await _settle(_sdk.load())


## The device copy of the save at once, without asking the portal; null when there is none.
func local_save() -> Variant:
	if _sdk == null:
		return null
	return _to_godot(_sdk.localSave())


func _listen(callable: Callable) -> JavaScriptObject:
	var callback := JavaScriptBridge.create_callback(callable)
	_listeners.append(callback)
	return callback


## Waits for a JavaScript promise; a rejection settles as { error }.
func _settle(promise: JavaScriptObject) -> Variant:
	var reply := _Reply.new()
	_pending.append(reply)
	var done := JavaScriptBridge.create_callback(func(args): reply.settled.emit(_to_godot(args[0])))
	var failed := JavaScriptBridge.create_callback(func(args): reply.settled.emit({"error": str(args[0].message)}))
	reply.callbacks.append_array([done, failed])
	promise.then(done, failed)
	var value: Variant = await reply.settled
	reply.callbacks.clear()
	_pending.erase(reply)
	return value


## JavaScript objects come back as Godot values through their JSON text.
func _to_godot(value: Variant) -> Variant:
	if value is JavaScriptObject:
		return JSON.parse_string(_json.stringify(value))
	return value
