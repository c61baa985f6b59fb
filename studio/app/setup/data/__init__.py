"""The Data tab: the generic panel (panel.py) and the parts a task adds to it (part.py;
the translation task's languages, columns and back-translation: translation_part.py)."""
