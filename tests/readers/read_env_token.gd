# Reads the token as a game using the environment hand-off does: from the
# environment variable, and the rest from res://gamecloud_dev.cfg with
# Godot's own ConfigFile; writes both to res://read_env.json.
extends SceneTree

func _init():
	var cfg = ConfigFile.new()
	var err = cfg.load("res://gamecloud_dev.cfg")
	var keys = {}
	if err == OK:
		for k in cfg.get_section_keys("gamecloud"):
			keys[k] = str(cfg.get_value("gamecloud", k))
	var out = {"token": OS.get_environment("GAMECLOUD_DEV_TOKEN"), "load": err, "gamecloud": keys}
	var f = File.new()
	f.open("res://read_env.json", File.WRITE)
	f.store_string(to_json(out))
	f.close()
	quit()
