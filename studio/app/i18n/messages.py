"""The core's messages with values inside, translated at display time by their shape.

studio.core writes its messages in English with values filled in (`training.seed: must
be at least 0, got -1`); it cannot mark them for Qt. The window translates the shapes it
shows most, the settings' and the data's errors among them: each shape below is a
template whose `{name}` parts match any text, and a message that fits one is shown as
the template's translation (context "messages") with the same parts filled in. A
message of no known shape is shown as it is. A part named `{language}` or `{script}` is a
name from the core's language table (studio.core.data.languages), translated under the
context of that name ("languages", "scripts"; sources.core_strings lists them); a
`{metric}` part names a held-out metric by its key and is shown by its catalogue label.
"""

from __future__ import annotations

import re
from functools import cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from studio.core.training.reporting import metrics
from studio.core.training.reporting.metrics import find

CONTEXT = "messages"
# a part's name -> its context
WORDS = {"language": "languages", "script": "scripts", "split": "DataSplits", "shape": "shapes"}

SHAPES = [
    # config.fields: a field's own value
    QT_TRANSLATE_NOOP("messages", "{path}: must be an integer, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a number, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a string, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be true or false, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a list, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a mapping, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be an integer or null, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a number or null, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a string or null, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be one of {choices}, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a finite number, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a positive integer, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a positive number, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be at least {low}, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be at most {high}, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be below {limit}, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a list of {n} items, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: must be a mapping of keys to values, got {value}"),
    QT_TRANSLATE_NOOP("messages", "{path}: unknown key; expected one of: {keys}"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{path}: not valid YAML ({text}); write a list like [a, b] or a mapping like {{name: 1.0}}",
    ),
    QT_TRANSLATE_NOOP("messages", "no preset loaded; open a preset first"),
    # reward_checks: a check's pattern that takes exponential time (a handed-over preset)
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: option {name} {pattern} takes over {seconds} s on a text of {n} characters "
        "({text}…): it backtracks without end; rewrite nested or overlapping repeats, e.g. "
        "(a+)+ or (a|aa)+ as a+",
    ),
    # runs/warm_start.py: the weights a lesson starts from
    QT_TRANSLATE_NOOP(
        "messages",
        "training.init_from: the warm start {path} is missing; reinstall GRPO Studio, or "
        "write it again with python tools/make_warm_start.py",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "training.init_from: the warm start {path} is missing; give the path of a warm start "
        "file, or clear the setting to start from random weights",
    ),
    # config_choice: another architecture or task than the rest of the preset
    QT_TRANSLATE_NOOP(
        "messages", "model.arch: {arch} cannot train the {task} task; pick {archs} or another task"
    ),
    QT_TRANSLATE_NOOP(
        "messages", "task.name: {arch} cannot train the {task} task; pick {tasks}, or {where}"
    ),
    QT_TRANSLATE_NOOP("messages", "{keys}: {values} has no {fields}, settings of {old}; {where}"),
    QT_TRANSLATE_NOOP("messages", "{keys}: {values} have no {fields}, settings of {old}; {where}"),
    QT_TRANSLATE_NOOP("messages", "start from the {presets} preset"),
    QT_TRANSLATE_NOOP(
        "messages",
        "write a preset file of your own with {sections} (the rest keep their defaults)",
    ),
    # experiments: a preset's ui.experiment, or the variants made in the window
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: an experiment compares at least {n} variants, got {got}; add another variant "
        "or remove the experiment",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: at most {n} variants train side by side on this machine, got {got}; remove "
        "{extra}",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{who}: {path} cannot differ between variants: they share the model, the task, the "
        "data and the warm-up; a variant changes grpo.* or stages.grpo.* settings (group "
        "size, beta, the learning rate, a shuffled reward)",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: unknown setting; check its spelling against the preset's grpo and "
        "stages.grpo settings",
    ),
    QT_TRANSLATE_NOOP("messages", "{where}: {label} names two variants; name each its own"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: variants {first} and {second} have the same settings, so they would draw "
        "the same curves; change a setting of one",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{who}: stages.grpo.steps is 0, so the variant trains no GRPO step to compare; give "
        "the GRPO stage steps",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "ui.experiment: this preset names no experiment; add two variants (Experiment… above "
        "the charts)",
    ),
    QT_TRANSLATE_NOOP(
        "messages", '{where}: give each variant a short name for the legend, e.g. "G=2"'
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{where}: {label} is longer than {n} characters; a legend needs a short name such as "
        '"beta 0.04"',
    ),
    QT_TRANSLATE_NOOP("messages", "{where}: unknown key; a variant has a label and its settings"),
    QT_TRANSLATE_NOOP(
        "messages", "{who}: {path} is not a setting; write a field such as grpo.beta"
    ),
    # config_checks: settings that cannot work together
    QT_TRANSLATE_NOOP(
        "messages",
        "data.valid_fraction and data.test_fraction: {valid} + {test} holds out all the data, "
        "leaving none to train on; lower one of them",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.steps and stages.grpo.steps: both are 0, so nothing would train; give "
        "one of the stages some steps",
    ),
    # loading a preset file
    QT_TRANSLATE_NOOP(
        "messages", "{path}: no such file or shipped preset; use a path or one of: {names}"
    ),
    QT_TRANSLATE_NOOP("messages", "{path}: is a folder; give a .yaml preset file"),
    QT_TRANSLATE_NOOP("messages", "{path}: cannot be read ({reason})"),
    # data files and folders
    QT_TRANSLATE_NOOP("messages", "{path}: cannot be read ({reason}); check its permissions"),
    QT_TRANSLATE_NOOP("messages", "{path}: is not valid UTF-16 text; save it as UTF-8"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{path}: looks like {encoding} text without a byte-order mark, not UTF-8; re-save it "
        "as UTF-8",
    ),
    QT_TRANSLATE_NOOP("messages", "{path}: no usable sentence pair ({summary}); {hint}"),
    QT_TRANSLATE_NOOP("messages", "{path}: no such folder; {how}"),
    QT_TRANSLATE_NOOP("messages", "{path}: is a file, not a folder; {how}"),
    QT_TRANSLATE_NOOP("messages", "{path}: holds no class folders; {how}"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{path}: no such file or folder; check the path, or leave data.path empty to use the "
        "built-in demo corpus",
    ),
    # the parts of a data error or load report ({hint}, {how}, a summary's pieces)
    QT_TRANSLATE_NOOP(
        "messages",
        "give a folder holding one subfolder of images per class (e.g. pets/cat/, pets/dog/)",
    ),
    QT_TRANSLATE_NOOP("messages", "the file is empty: add one sentence pair per line"),
    QT_TRANSLATE_NOOP(
        "messages", "the file is not UTF-8 (GBK or Big5, perhaps?): save it as UTF-8"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "each line needs a source and a target, separated by a tab (TSV) or a comma (CSV); "
        "check task.source_column and task.target_column",
    ),
    QT_TRANSLATE_NOOP("messages", "raise data.max_length, or use shorter sentences"),
    QT_TRANSLATE_NOOP("messages", "each line of a JSONL file must be one JSON object"),
    QT_TRANSLATE_NOOP(
        "messages", "check the CSV quoting (a quote that opens a cell must close it)"
    ),
    QT_TRANSLATE_NOOP("messages", "add sentence pairs with text on both sides"),
    QT_TRANSLATE_NOOP("messages", "kept {n} pairs"),
    QT_TRANSLATE_NOOP("messages", "kept {n} pair"),
    QT_TRANSLATE_NOOP("messages", "skipped {skips}"),
    QT_TRANSLATE_NOOP("messages", "{n} with a wrong column count ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} without source/target fields ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} with malformed CSV quoting ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} empty ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} too long ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} undecodable ({lines})"),
    QT_TRANSLATE_NOOP("messages", "{n} over {limit} characters, too long for a line ({lines})"),
    QT_TRANSLATE_NOOP(
        "messages", "the file looks like {encoding} text, not UTF-8: re-save it as UTF-8"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "a line is one sentence pair, and the limit is {limit} characters a line: check that "
        "the file is a table of pairs, one a line",
    ),
    QT_TRANSLATE_NOOP("messages", "dropped {n} duplicates ({lines})"),
    QT_TRANSLATE_NOOP("messages", "dropped {n} duplicate ({lines})"),
    QT_TRANSLATE_NOOP("messages", "lines {numbers}"),
    QT_TRANSLATE_NOOP("messages", "line {number}"),
    QT_TRANSLATE_NOOP("messages", "Built-in demo corpus: {n} pairs, {direction}"),
    QT_TRANSLATE_NOOP("messages", "Sentence pairs given directly: {n} pairs, {direction}"),
    QT_TRANSLATE_NOOP("messages", "split: {parts}"),
    QT_TRANSLATE_NOOP("messages", "train {train}, valid {valid}, test {test}"),
    # a data file's load report, line by line (load_report.LoadReport.text)
    QT_TRANSLATE_NOOP("messages", "{path}: kept {n} pairs"),
    QT_TRANSLATE_NOOP("messages", "{path}: kept {n} pair"),
    QT_TRANSLATE_NOOP("messages", "line {number} read as a header"),
    QT_TRANSLATE_NOOP("messages", "line numbers are positions in the JSON array"),
    QT_TRANSLATE_NOOP(
        "messages",
        "removed {n} byte-order mark inside {name} ({lines}): files joined together? they are "
        "not text",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "removed {n} byte-order marks inside {name} ({lines}): files joined together? they are "
        "not text",
    ),
    QT_TRANSLATE_NOOP("messages", "columns matched by script"),
    QT_TRANSLATE_NOOP("messages", "columns matched by script and language identification"),
    QT_TRANSLATE_NOOP("messages", "columns matched named by the file ({names})"),
    QT_TRANSLATE_NOOP(
        "messages", "counted from 0, as task.source_column and task.target_column count"
    ),
    QT_TRANSLATE_NOOP("messages", "ignored {column}"),
    # the settings task.fit_to_data chose, each with its reason (tasks/translation)
    QT_TRANSLATE_NOOP("messages", "chosen for this data (task.fit_to_data):"),
    QT_TRANSLATE_NOOP("messages", "  {setting}"),  # one of them, indented under that line
    QT_TRANSLATE_NOOP("messages", "valid and test splits of {n}: {why}"),
    QT_TRANSLATE_NOOP("messages", "valid split of {n}: {why}"),  # the user gave the other's
    QT_TRANSLATE_NOOP("messages", "test split of {n}: {why}"),
    QT_TRANSLATE_NOOP("messages", "a tenth of the pairs"),
    QT_TRANSLATE_NOOP(
        "messages", "5% of the pairs, between 500 and 1,000: enough for a steady chrF"
    ),
    QT_TRANSLATE_NOOP("messages", "shared vocabulary {n}: {why}"),
    QT_TRANSLATE_NOOP("messages", "source vocabulary {n} ({kind}): {why}"),
    QT_TRANSLATE_NOOP("messages", "target vocabulary {n} ({kind}): {why}"),
    QT_TRANSLATE_NOOP("messages", "the characters seen at least {n} times"),
    QT_TRANSLATE_NOOP("messages", "{k} x the square root of its {n} words"),
    QT_TRANSLATE_NOOP("messages", "eval.size {n}: the whole valid split"),
    QT_TRANSLATE_NOOP("messages", "eval.every {n}: a whole valid split takes longer to evaluate"),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.stop_at off: the demo corpus's target means nothing for other data",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.patience {n}: the warm-up ends after {evals} evaluations ({steps} "
        "steps) without a better valid chrF",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.min_gain {n}: better means {gain} chrF above the best; smaller rises "
        "are the noise of a few hundred sentences",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.patience {n}: the warm-up ends after {evals} evaluations without a "
        "better valid chrF",
    ),  # with eval.every 0 (the user's): no steps between evaluations to count
    QT_TRANSLATE_NOOP(
        "messages", "stages.warmup.steps {n}: at most {epochs} passes over the training pairs"
    ),
    # the warm-up's recipe for real text (data_fit.trainer_settings)
    QT_TRANSLATE_NOOP(
        "messages", "stages.warmup.batch_tokens {n}: pairs of like length, about {k} a batch"
    ),
    QT_TRANSLATE_NOOP("messages", "{k} pairs drawn at random are {share} padding in this file"),
    QT_TRANSLATE_NOOP(
        "messages", "task.label_smoothing {n}: real text has many right translations"
    ),
    QT_TRANSLATE_NOOP("messages", "the warm-up is not taught to be sure of one"),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.lr_schedule cosine: the learning rate decays to the warm-up's planned "
        "end, where a small step polishes what a large one found",
    ),
    QT_TRANSLATE_NOOP("messages", "stages.warmup.lr {n}, warmed up over {k} steps"),
    QT_TRANSLATE_NOOP(
        "messages",
        "stages.warmup.average_last {n}: the warm-up ends with the average of the weights at "
        "its last {k} evaluations when it scores better than the last weights",
    ),
    QT_TRANSLATE_NOOP("messages", "a levelled-off warm-up's weights wander around a better point"),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.length_penalty {n}: GRPO's reward also counts how close a translation's length "
        "is to the reference's",
    ),
    QT_TRANSLATE_NOOP(
        "messages", "on chrF alone GRPO's translations of real text grow longer than the references"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.chrf_beta {n}: GRPO's reward weighs recall {k} times as much as precision, as "
        "the test's chrF does",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "weighed alike, GRPO's translations of real text sampled at {t} came out shorter than the "
        "references",
    ),
    QT_TRANSLATE_NOOP("messages", "stages.grpo.lr {n}: smaller steps than the preset's"),
    QT_TRANSLATE_NOOP(
        "messages",
        "on real text GRPO's larger ones lose more of what the warm-up learned than its reward "
        "wins",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "eval.test_decoding {n}: the test split is translated by a beam search, once at the end",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "on real text it scored higher than greedy decoding, in several times the time",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "grpo.unsure_temperature {n}: GRPO samples at {t} if the policy at its start is unsure "
        "of its words",
    ),
    QT_TRANSLATE_NOOP(
        "messages", "sampled at 1, an unsure policy's translations carry stray words"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "GRPO samples at temperature {t}: the policy at its start is unsure of its words "
        "({e} nats a sampled token at temperature 1, over {limit})",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "GRPO samples at temperature {t}: the policy at its start is sure enough of its words "
        "({e} nats a sampled token at temperature 1, {limit} at most)",
    ),
    # the notes of runs whose fit chose the temperature by the file's size
    QT_TRANSLATE_NOOP(
        "messages", "grpo.temperature {n}: GRPO samples nearer the model's best translation"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "at 1 the samples of real text carry stray words, and GRPO ended lower on real text",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "training.weight_decay {n}: every step draws the weights a little towards zero",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "the warm-up learns fewer of the pairs by heart and translates new sentences better",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "model.dropout {n}: with {k} training pairs dropout slows the warm-up more than it "
        "helps within the time budget",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "weight decay holds back learning the pairs by heart instead, at no cost in time",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "run.time_budget {n}: the stages are planned from a short measurement on this "
        "machine to end within it (empty: no budget)",
    ),
    # a setting a fit (to the data, to a memory budget) leaves as the user gave it: "{path}:
    # kept at {value}, you set it; the fit would choose {value}" (core.config.fit)
    QT_TRANSLATE_NOOP("messages", "{path}: kept at {value}, you set it"),
    QT_TRANSLATE_NOOP(
        "messages", "the fit would choose {source} for the source, {target} for the target"
    ),
    QT_TRANSLATE_NOOP("messages", "the fit would choose {value}"),
    QT_TRANSLATE_NOOP("messages", "the budget would try {value}"),
    QT_TRANSLATE_NOOP("messages", "the budget would lower it"),
    QT_TRANSLATE_NOOP(
        "messages", "a cap for a warm-up still improving: the patience should end it first"
    ),
    # which column is which: after the fitted settings' notes ("source vocabulary ..."),
    # which these wider shapes would take for their own
    QT_TRANSLATE_NOOP("messages", "source {code} ({language}): {column}"),
    QT_TRANSLATE_NOOP("messages", "target {code} ({language}): {column}"),
    QT_TRANSLATE_NOOP("messages", "source {code}: {column}"),
    QT_TRANSLATE_NOOP("messages", "target {code}: {column}"),
    QT_TRANSLATE_NOOP("messages", 'column {index} "{name}" ({what}, e.g. {example})'),
    QT_TRANSLATE_NOOP("messages", "column {index} ({what}, e.g. {example})"),
    QT_TRANSLATE_NOOP("messages", 'column {index} "{name}" ({what})'),
    QT_TRANSLATE_NOOP("messages", "column {index} ({what})"),
    QT_TRANSLATE_NOOP("messages", "{script} script"),
    QT_TRANSLATE_NOOP("messages", "no letters"),
    QT_TRANSLATE_NOOP("messages", "licence notes, ids or links"),
    QT_TRANSLATE_NOOP("messages", "empty"),
    # the images task's report (data.images.ImageReport.summary)
    QT_TRANSLATE_NOOP("messages", "kept {n} images in {k} classes ({classes})"),
    QT_TRANSLATE_NOOP("messages", "kept {n} images in {k} class ({classes})"),
    QT_TRANSLATE_NOOP("messages", "kept {n} image in {k} class ({classes})"),
    QT_TRANSLATE_NOOP("messages", "kept {n} images in {k} classes"),
    # the trainer's log lines
    QT_TRANSLATE_NOOP("messages", "resumed at step {step}"),
    QT_TRANSLATE_NOOP("messages", "curriculum: level {level} unlocked"),
    QT_TRANSLATE_NOOP("messages", "step {step}: loss or gradient was not finite"),
    QT_TRANSLATE_NOOP("messages", "the update was skipped"),
    # the generated tasks' reports (the Data tab, the log)
    QT_TRANSLATE_NOOP("messages", "arithmetic ({ops}) with operands up to {n} digits"),
    QT_TRANSLATE_NOOP(
        "messages", "strings: {operation} strings of {low}..{high} characters from {alphabet}"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{valid} validation and {test} test problems held out (never used for training)",
    ),
    # why a stage ended or how long it runs (the stage strip, the log)
    QT_TRANSLATE_NOOP("messages", "reached {metric} {value} >= {target}"),
    QT_TRANSLATE_NOOP("messages", "no better {metric} in {n} evaluations"),
    QT_TRANSLATE_NOOP("messages", "no {metric} more than {gain} above its best in {n} evaluations"),
    QT_TRANSLATE_NOOP("messages", "all steps done"),
    QT_TRANSLATE_NOOP("messages", "{n} steps"),
    # the perplexity curriculum's stages (the log)
    QT_TRANSLATE_NOOP(
        "messages",
        "curriculum: stage {stage} of {stages}: the {unlocked} easiest of {scored} examples "
        "(scored in {seconds} s), mean reference loss {nll} nats/token against {all} for all",
    ),
    QT_TRANSLATE_NOOP("messages", "curriculum: stage {stage} of {stages}: the whole training set"),
    # the memory gauge
    QT_TRANSLATE_NOOP("messages", "No NVIDIA GPU in use ({reason})"),
    # a memory budget (training.memory_budget): what fitting it changed, or why it cannot (a
    # change's line is indented, as a fitted setting's: "  {setting}" above takes the indent)
    QT_TRANSLATE_NOOP("messages", "memory budget {budget}: the estimate, {estimate}, fits"),
    QT_TRANSLATE_NOOP("messages", "nothing changed"),
    QT_TRANSLATE_NOOP("messages", "memory budget {budget}: the estimate, {estimate}, does not fit"),
    QT_TRANSLATE_NOOP("messages", "changed:"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{changes}: the same examples per optimizer step, in more passes of fewer (slower, "
        "the same numbers)",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{changes}: recompute blocks in the backward pass instead of keeping their "
        "activations (slower, the same numbers)",
    ),
    QT_TRANSLATE_NOOP("messages", "{changes}: 16-bit activations (slightly different numbers)"),
    QT_TRANSLATE_NOOP(
        "messages",
        "{changes}: fewer samples per prompt: this changes the algorithm (smaller groups, "
        "noisier advantages), so it comes last",
    ),
    QT_TRANSLATE_NOOP(
        "messages", "estimate now {estimate} of {budget}, at the peak of the {stage} stage:"
    ),
    QT_TRANSLATE_NOOP("messages", "warm-up"),
    QT_TRANSLATE_NOOP("messages", "weights {size}"),
    QT_TRANSLATE_NOOP("messages", "gradients {size}"),
    QT_TRANSLATE_NOOP("messages", "AdamW state {size}"),
    QT_TRANSLATE_NOOP("messages", "reference model {size}"),
    QT_TRANSLATE_NOOP("messages", "teacher model {size}"),
    QT_TRANSLATE_NOOP("messages", "activations {size}"),
    QT_TRANSLATE_NOOP("messages", "KV cache {size}"),
    QT_TRANSLATE_NOOP("messages", "the process itself {size}"),
    QT_TRANSLATE_NOOP("messages", "{size} free on {gpu} (GPU {index})"),
    QT_TRANSLATE_NOOP("messages", "{size}: the RAM available and this process's"),
    QT_TRANSLATE_NOOP(
        "messages",
        "training.memory_budget: {budget} is less than the smallest estimate reached, "
        "{estimate} (with {settings}), of which {part} takes {size}",
    ),
    QT_TRANSLATE_NOOP("messages", "the settings as they are"),
    # the user's settings a budget changed ("you set stages.grpo.batch_size to 16") or kept
    QT_TRANSLATE_NOOP("messages", "you set {path} to {value}"),
    QT_TRANSLATE_NOOP("messages", "it keeps {path} as you set it"),
    QT_TRANSLATE_NOOP("messages", "weights"),
    QT_TRANSLATE_NOOP("messages", "gradients"),
    QT_TRANSLATE_NOOP("messages", "AdamW state"),
    QT_TRANSLATE_NOOP("messages", "reference model"),
    QT_TRANSLATE_NOOP("messages", "teacher model"),
    QT_TRANSLATE_NOOP("messages", "activations"),
    QT_TRANSLATE_NOOP("messages", "KV cache"),
    QT_TRANSLATE_NOOP("messages", "the process itself"),
    QT_TRANSLATE_NOOP("messages", "raise the budget, or {fix}"),
    QT_TRANSLATE_NOOP("messages", "use a smaller model (fewer layers, a narrower d_model)"),
    QT_TRANSLATE_NOOP(
        "messages", "set grpo.beta: 0 (no KL reference model) or use a smaller model"
    ),
    QT_TRANSLATE_NOOP(
        "messages", "pick a smaller teacher run (distill.teacher) or clear distill.teacher"
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "shorten the sequences (data.max_length, grpo.max_new_tokens) or lower stages.*.batch_size",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "shorten the completions (grpo.max_new_tokens) or lower stages.grpo.batch_size",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "close other programs (this process holds that much before training starts)",
    ),
    QT_TRANSLATE_NOOP("messages", 'training.memory_budget: "{text}" is not a memory size'),
    QT_TRANSLATE_NOOP("messages", 'training.memory_budget: "{text}" is no memory at all'),
    QT_TRANSLATE_NOOP(
        "messages",
        "write a size such as 4GB, 6 GB or 512MB (a plain number is GB), or free (what the "
        "GPU has free, on the CPU the RAM available), or leave it empty for no budget",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "training.memory_budget: free reads the GPU's free memory through NVML, which "
        "failed ({reason})",
    ),
    QT_TRANSLATE_NOOP("messages", "give a size such as 6GB instead"),
    # the grid world's drawn walls (tasks/gridworld.py, GridWorldConfig)
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: each wall is a [row, column] pair, got {value}; write it like [1, 2]",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: [{row}, {column}] is outside the grid ({size} cells a side); rows and "
        "columns go from 0 to {last}",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: [{row}, {column}] is the start cell; a wall cannot stand there, pick "
        "another cell",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: [{row}, {column}] is the goal cell; a wall cannot stand there, pick "
        "another cell",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: these walls leave no way from the start to the goal; remove one of them "
        "(in the Policy tab: click it again)",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "task.walls: the shortest way round these walls takes {moves} moves, more than the "
        "step limit task.max_steps ({limit}); remove a wall or raise task.max_steps",
    ),
    # a time budget (run.time_budget): what fitting it changed, and a run it ended
    QT_TRANSLATE_NOOP("messages", 'run.time_budget: "{text}" is not a duration'),
    QT_TRANSLATE_NOOP("messages", 'run.time_budget: "{text}" is no time at all'),
    QT_TRANSLATE_NOOP(
        "messages",
        "write a duration such as 30 min, 1h, 1h30m or 90s (a plain number is seconds), or "
        "leave it empty for no budget",
    ),
    QT_TRANSLATE_NOOP("messages", "time budget reached"),
    # a stage's end with stages.*.average_last (trainer._end_with_average)
    QT_TRANSLATE_NOOP(
        "messages",
        "{stage} end: the average of the weights at its last {k} evaluations scores {metric} "
        "{averaged} on the held-out split, the last weights {last}: went on with the average",
    ),
    QT_TRANSLATE_NOOP(
        "messages",
        "{stage} end: the average of the weights at its last {k} evaluations scores {metric} "
        "{averaged} on the held-out split, the last weights {last}: kept the last weights",
    ),
    QT_TRANSLATE_NOOP("messages", "time budget {budget}: the estimate, {estimate}, fits"),
    QT_TRANSLATE_NOOP("messages", "time budget {budget}: the estimate, {estimate}, does not fit"),
    QT_TRANSLATE_NOOP("messages", "{path}: {old} -> {new} steps"),
    QT_TRANSLATE_NOOP("messages", "estimate now {estimate}"),
    QT_TRANSLATE_NOOP(
        "messages", "the run may not fit: it ends at the budget ({budget}), time budget reached"
    ),
    QT_TRANSLATE_NOOP("messages", "the budget would shorten it"),
    # a run asked for its ONNX export before it has one (serving.engines.export_folder)
    QT_TRANSLATE_NOOP(
        "messages",
        "{run}: has no ONNX export yet ({file} is missing); export it first ({command})",
    ),
    # the gallery's depth of a model
    QT_TRANSLATE_NOOP("messages", "{n} weight layers"),  # before "{n} layers", which fits it too
    QT_TRANSLATE_NOOP("messages", "{n} layers"),
]


# The prompts a task makes up and shows in words (an example's `display`): the grid world's
# level and the shapes task's image. Only these shapes are tried on a prompt: a prompt of
# the user's own is shown as written, even one that looks like a message.
PROMPTS = [
    QT_TRANSLATE_NOOP("messages", "level {level}, {rows}x{cols}, seed {seed}, shortest {moves}"),
    QT_TRANSLATE_NOOP("messages", "{split} image {index} ({shape})"),
    QT_TRANSLATE_NOOP("messages", "{split} image {index}"),  # the Policy tab's image
]
SPLITS = [  # the data's parts as a prompt names them (context "DataSplits")
    QT_TRANSLATE_NOOP("DataSplits", "train"),
    QT_TRANSLATE_NOOP("DataSplits", "valid"),
    QT_TRANSLATE_NOOP("DataSplits", "test"),
]


def shape_name(name: str) -> str:
    """A shape's name (studio.core.data.shapes) in the window's language."""
    return QCoreApplication.translate("shapes", name)


def prompt_shown(prompt: str) -> str:
    """A task's prompt in the window's language when it is one the task words itself
    (PROMPTS), else as it is."""
    for shape in PROMPTS:
        found = _pattern(str(shape)).match(prompt)
        if found:
            parts = {name: _part(name, part) for name, part in found.groupdict().items()}
            return QCoreApplication.translate(CONTEXT, str(shape)).format(**parts)
    return prompt


@cache
def _pattern(shape: str) -> re.Pattern[str]:
    parts = re.split(r"(\{\w+\})", shape.replace("{{", "{").replace("}}", "}"))
    regex = "".join(
        f"(?P<{p[1:-1]}>.+?)" if re.fullmatch(r"\{\w+\}", p) else re.escape(p) for p in parts
    )
    return re.compile(f"^{regex}$", re.DOTALL)


def match(message: str) -> tuple[str, dict[str, str]] | None:
    """The shape `message` has and its parts, or None."""
    for shape in SHAPES:
        found = _pattern(shape).match(message)
        if found:  # str(): QT_TRANSLATE_NOOP's stub types the shapes as objects
            return str(shape), found.groupdict()
    return None


def _part(name: str, text: str) -> str:
    """One part a shape matched, in the window's language."""
    if name in WORDS:
        return QCoreApplication.translate(WORDS[name], text)
    if name == "metric":  # a held-out metric by its eval key's name ("accuracy", "chrf")
        metric = find(f"eval/{text}")
        if metric is not None:
            return QCoreApplication.translate(metrics.CONTEXT, metric.label)
    return translate_message(text)


def translate_message(message: str) -> str:
    """`message` in the window's language when its shape is known, else as it is: each
    line of a message of several lines on its own, a message of parts joined by "; "
    part by part when each part has a known shape (or the whole has none), and the parts
    a shape matched translated in turn (a data error's hint, a load report's summary)."""
    if "\n" in message:
        return "\n".join(translate_message(line) for line in message.split("\n"))
    pieces = message.split("; ")
    if len(pieces) > 1 and all(match(piece) for piece in pieces):
        return "; ".join(translate_message(piece) for piece in pieces)
    found = match(message)
    if found is None:  # some of its parts may still have known shapes
        return "; ".join(translate_message(p) if match(p) else p for p in pieces)
    shape, parts = found
    parts = {name: _part(name, part) for name, part in parts.items()}
    return QCoreApplication.translate(CONTEXT, shape).format(**parts)
