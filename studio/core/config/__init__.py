"""Configuration, the engine's ground floor: what a run is set up with, and nothing above.

fields.py       param(): one declaration per field (help, bounds, label); values coerced
                into fields strictly; the bases of the model and task sections
sections.py     the run's sections as plain dataclasses, and StudioConfig that holds them
safe_yaml.py    YAML from someone else, read within bounds
preset_files.py where presets come from (shipped, the user's lessons) and reading one
choice.py       model.arch and task.name: choosing their sections from a catalogue
checks.py       the settings checked together, each message naming the fields and the fix
loading.py      a preset into a config and back, with the record of what the user set
user_settings.py which settings the user gave (the record a config carries)
fit.py          one settings fit: the proposals of the data fit and the budgets applied,
                what the user set kept and said
budgets.py      the memory and time budgets as settings: their forms, parsed
decoding.py     greedy or N beams (Decoding), the words eval.decoding takes, MAX_BEAMS
experiments.py  an experiment's variants (ui.experiment), parsed
arguments.py    the values a command takes beside its config

Nothing here imports a model, a task or anything above: the architectures and tasks a
preset may name come in as a catalogue (studio.core.catalogue binds the studio's own).
"""
