"""The Setup dock (setup_tabs.py) and its tabs: the preset gallery, the settings form and
its field editors, the data panel (data/) and the runs list."""
