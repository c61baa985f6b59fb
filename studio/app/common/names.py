"""Object names by which one part of the window finds another it may not import (the
views and the setup are sibling layers): each name is set by its owner and looked up
with QObject.findChild by whoever follows it."""

# the Settings form (setup/settings_form.py): its `changed` signal and value_of(path)
# let the Reward lab follow task.rewards edited by hand
SETTINGS_FORM = "settings-form"
