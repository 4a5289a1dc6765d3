# Reads every file listed in res://cases.txt with Godot's own ConfigFile and
# writes what it read (the load result, then each section's keys and values
# as text) to res://read.json.
extends SceneTree

func _init():
	var list = File.new()
	list.open("res://cases.txt", File.READ)
	var out = {}
	while not list.eof_reached():
		var path = list.get_line()
		if path == "":
			continue
		var cfg = ConfigFile.new()
		var err = cfg.load(path)
		var sections = {}
		for s in cfg.get_sections():
			var keys = {}
			for k in cfg.get_section_keys(s):
				keys[k] = str(cfg.get_value(s, k))
			sections[s] = keys
		out[path] = {"load": err, "sections": sections}
	list.close()
	var f = File.new()
	f.open("res://read.json", File.WRITE)
	f.store_string(to_json(out))
	f.close()
	quit()
