"""The command line: the studio's second front door to the same engine as the window.

grpo-studio                      open the studio window
grpo-studio train --config P     train headless (progress bar; Ctrl-C saves and exits);
                                 under torchrun, data-parallel over its processes
grpo-studio eval RUN_DIR         held-out metrics of a run's latest checkpoint
grpo-studio generate RUN_DIR T   completions of a prompt (Micro-GPT presets)
grpo-studio translate RUN_DIR S  translations (Tiny-Transformer presets; stdin with "-",
                                 a prompt with --interactive, a file with --file)
grpo-studio serve RUN_DIR        translations over local HTTP (POST /translate)
grpo-studio export RUN_DIR       an ONNX model of a run, verified against PyTorch
grpo-studio presets              the presets shipped with the studio

main.py assembles the commands, one module each (train.py, run_commands.py for eval,
generate and export, translate.py, serve.py), and turns the errors written for the user
into one line; progress.py is train's progress line.
"""
