<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AnswerColumn</name>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>latency {time}</source>
        <translation>耗时 {time}</translation>
    </message>
</context>
<context>
    <name>AnswerPanel</name>
    <message>
        <source>PyTorch and ONNX give the same answer.</source>
        <translation>PyTorch 与 ONNX 的回答相同。</translation>
    </message>
    <message>
        <source>PyTorch and ONNX differ (an export of an older checkpoint? export again).</source>
        <translation>PyTorch 与 ONNX 的回答不同（导出的是较旧的检查点？请重新导出）。</translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <source>Exponential moving average of the curves (0: raw values)</source>
        <translation>曲线的指数移动平均（0：原始值）</translation>
    </message>
    <message>
        <source>Autoscale</source>
        <translation>自动缩放</translation>
    </message>
    <message>
        <source>Fit every chart to its data again</source>
        <translation>让每张图表重新适配其数据</translation>
    </message>
    <message>
        <source>Smoothing {weight:.2f}</source>
        <translation>平滑 {weight:.2f}</translation>
    </message>
    <message>
        <source>Overlay (dashed): {run}</source>
        <translation>叠加（虚线）：{run}</translation>
    </message>
    <message>
        <source>Not overlaid: {run} is a run of {other}, the charts show {shown}; they measure different things. Overlay a run of {shown} or of its task.</source>
        <translation>未叠加：{run} 是 {other} 的运行，而图表显示的是 {shown}；两者衡量的东西不同。请叠加 {shown} 或同一任务的运行。</translation>
    </message>
    <message>
        <source>Overlay (dashed): {run}; its settings could not be read, so its curves may not measure what the charts show.</source>
        <translation>叠加（虚线）：{run}；无法读取它的设置，所以它的曲线衡量的可能不是图表所显示的东西。</translation>
    </message>
    <message>
        <source>Overlay (dashed): {run}, a run of {other} over {shown}</source>
        <translation>叠加（虚线）：{run}，{other} 的运行，叠在 {shown} 之上</translation>
    </message>
</context>
<context>
    <name>ColumnPicker</name>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>源语言</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标语言</translation>
    </message>
    <message>
        <source>⇄ Swap</source>
        <translation>⇄ 互换</translation>
    </message>
    <message>
        <source>Translate the other way: the target becomes the source and back</source>
        <translation>反向翻译：目标语言变为源语言，反之亦然</translation>
    </message>
    <message>
        <source>Source ({lang})</source>
        <translation>源语言（{lang}）</translation>
    </message>
    <message>
        <source>Target ({lang})</source>
        <translation>目标语言（{lang}）</translation>
    </message>
    <message>
        <source>Automatic (matched by language)</source>
        <translation>自动（按语言匹配）</translation>
    </message>
    <message>
        <source>licence notes, ids or links</source>
        <translation>许可说明、编号或链接</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>no letters</source>
        <translation>无文字</translation>
    </message>
    <message>
        <source>column {n}{name}: {what} — {sample}</source>
        <translation>第 {n} 列{name}：{what} — {sample}</translation>
    </message>
</context>
<context>
    <name>CompletionPage</name>
    <message>
        <source>the prompt takes {prompt} tokens and answers up to {new}, more than the model&apos;s {room} positions; shorten the prompt</source>
        <translation>提示占 {prompt} 个词元，回答最多 {new} 个，超过了模型的 {room} 个位置；请缩短提示</translation>
    </message>
    <message>
        <source>temperature must be positive, got {value}</source>
        <translation>温度必须为正数，当前为 {value}</translation>
    </message>
    <message>
        <source>A prompt, e.g. 12+34=</source>
        <translation>输入提示，例如 12+34=</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>sampled</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>samples </source>
        <translation>样本数 </translation>
    </message>
    <message>
        <source>temperature </source>
        <translation>温度 </translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
</context>
<context>
    <name>ControlBar</name>
    <message>
        <source>Run controls</source>
        <translation>运行控制</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Start training with these settings</source>
        <translation>用这些设置开始训练</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Pause after the current step</source>
        <translation>当前步完成后暂停</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Run one step, then pause (before Start: start paused, take the first step)</source>
        <translation>运行一步后暂停（开始之前：以暂停状态启动，并执行第一步）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop (a checkpoint is written)</source>
        <translation>停止（会写入检查点）</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Start again from step 0 with the same settings and seed</source>
        <translation>用相同的设置和随机种子从第 0 步重新开始</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>stopping — writing a checkpoint…</source>
        <translation>正在停止 — 写入检查点…</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>preparing, then taking one step…</source>
        <translation>准备中，随后执行一步…</translation>
    </message>
    <message>
        <source>taking one step…</source>
        <translation>正在执行一步…</translation>
    </message>
    <message>
        <source>preparing (loading data, building the model)…</source>
        <translation>准备中（加载数据、构建模型）…</translation>
    </message>
    <message>
        <source>starting {stage}…</source>
        <translation>正在开始{stage}…</translation>
    </message>
    <message>
        <source>{stage} ended early: {reason}</source>
        <translation>{stage}提前结束：{reason}</translation>
    </message>
    <message>
        <source>%v / %m steps</source>
        <translation>%v / %m 步</translation>
    </message>
    <message>
        <source>{rate:.2f} steps/s · ETA {eta}</source>
        <translation>{rate:.2f} 步/秒 · 预计剩余 {eta}</translation>
    </message>
    <message>
        <source>finished at step %v</source>
        <translation>在第 %v 步完成</translation>
    </message>
    <message>
        <source>finished: every stage ran all its steps</source>
        <translation>已完成：每个阶段都跑完了全部步数</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>stopped at step %v of %m</source>
        <translation>在第 %v 步（共 %m 步）停止</translation>
    </message>
    <message>
        <source>step limit: stopped at step %v of %m</source>
        <translation>达到步数上限：在第 %v 步（共 %m 步）停止</translation>
    </message>
    <message>
        <source>failed at step %v of %m</source>
        <translation>在第 %v 步（共 %m 步）失败</translation>
    </message>
    <message>
        <source>ended at step %v of %m</source>
        <translation>在第 %v 步（共 %m 步）结束</translation>
    </message>
    <message>
        <source>a checkpoint was written</source>
        <translation>已写入检查点</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>{name}/  ({count} files)</source>
        <translation>{name}/  （{count} 个文件）</translation>
    </message>
    <message>
        <source>… {n} more</source>
        <translation>… 另有 {n} 项</translation>
    </message>
    <message>
        <source>level {n}</source>
        <translation>难度 {n}</translation>
    </message>
    <message>
        <source>Loaded.</source>
        <translation>已加载。</translation>
    </message>
    <message>
        <source>Built-in demo data</source>
        <translation>内置演示数据</translation>
    </message>
    <message>
        <source>My file or folder:</source>
        <translation>我的文件或文件夹：</translation>
    </message>
    <message>
        <source>a file (TSV, CSV, JSONL, text) or a folder</source>
        <translation>一个文件（TSV、CSV、JSONL、纯文本）或一个文件夹</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>检查数据</translation>
    </message>
    <message>
        <source>Load the data as training would and show what was kept</source>
        <translation>像训练时一样加载数据，并显示保留了哪些</translation>
    </message>
    <message>
        <source>Press &apos;Check data&apos; to preview the data.</source>
        <translation>按“检查数据”预览数据。</translation>
    </message>
    <message>
        <source>Choose a data file</source>
        <translation>选择数据文件</translation>
    </message>
    <message>
        <source>Choose a data folder</source>
        <translation>选择数据文件夹</translation>
    </message>
    <message>
        <source>Loading the data…</source>
        <translation>正在加载数据…</translation>
    </message>
    <message>
        <source>First pairs as the model will see them (source → target):</source>
        <translation>模型将看到的前几个句对（源 → 目标）：</translation>
    </message>
    <message>
        <source>Examples as the task reads them:</source>
        <translation>任务读取到的样例：</translation>
    </message>
    <message>
        <source>First lines of the file:</source>
        <translation>文件的前几行：</translation>
    </message>
</context>
<context>
    <name>DataSplits</name>
    <message>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试</translation>
    </message>
</context>
<context>
    <name>ExperimentBoard</name>
    <message>
        <source>Train the lesson&apos;s variants side by side: the warm-up once, then each variant&apos;s GRPO stage in turns, one step each, drawn on the same charts</source>
        <translation>并排训练本课程的各个变体：预热只做一次，然后各变体的 GRPO 阶段轮流进行，每次一步，画在同一组图表上</translation>
    </message>
    <message>
        <source>Experiment…</source>
        <translation>实验…</translation>
    </message>
    <message>
        <source>Make two to four variants of these settings and train them side by side</source>
        <translation>用这些设置做出二到四个变体，并排训练</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Reward (mean)</source>
        <translation>奖励（均值）</translation>
    </message>
    <message>
        <source>Held-out</source>
        <translation>留出集</translation>
    </message>
    <message>
        <source>Steps/s</source>
        <translation>步/秒</translation>
    </message>
    <message>
        <source>▶ Run side by side: {variants}</source>
        <translation>▶ 并排运行：{variants}</translation>
    </message>
    <message>
        <source>{n} variants in turns, one step each; the warm-up is shared</source>
        <translation>{n} 个变体轮流训练，每次一步；共用同一次预热</translation>
    </message>
    <message>
        <source>Held-out {metric}</source>
        <translation>留出集{metric}</translation>
    </message>
</context>
<context>
    <name>ExperimentEditor</name>
    <message>
        <source>Experiment: variants side by side</source>
        <translation>实验：并排的变体</translation>
    </message>
    <message>
        <source>Each variant is these settings with a few GRPO settings changed. They share the warm-up and train in turns, drawn on the same charts. Name each variant as its legend should say.</source>
        <translation>每个变体都是这些设置，只改动几项 GRPO 设置。它们共用预热，轮流训练，画在同一组图表上。给每个变体起一个图例里要显示的名字。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Settings it changes</source>
        <translation>它改动的设置</translation>
    </message>
    <message>
        <source>Add to each variant</source>
        <translation>加到每个变体</translation>
    </message>
    <message>
        <source>Add this setting to every variant&apos;s settings, to fill in</source>
        <translation>把这项设置加到每个变体的设置里，再填上值</translation>
    </message>
    <message>
        <source>Add variant</source>
        <translation>添加变体</translation>
    </message>
    <message>
        <source>Remove last</source>
        <translation>删除最后一个</translation>
    </message>
    <message>
        <source>Run side by side</source>
        <translation>并排运行</translation>
    </message>
    <message>
        <source>e.g. G=2</source>
        <translation>例如 G=2</translation>
    </message>
    <message>
        <source>Variant {n}: {problem}</source>
        <translation>变体 {n}：{problem}</translation>
    </message>
</context>
<context>
    <name>Explain</name>
    <message>
        <source>(end)</source>
        <translation>（结束）</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>reached the goal</source>
        <translation>到达终点</translation>
    </message>
    <message>
        <source>walked into lava</source>
        <translation>走进了岩浆</translation>
    </message>
    <message>
        <source>ran out of moves</source>
        <translation>步数用完</translation>
    </message>
    <message>
        <source>under 0.01%</source>
        <translation>不到 0.01%</translation>
    </message>
    <message>
        <source>1. The prompt</source>
        <translation>1. 提示</translation>
    </message>
    <message>
        <source>The right answer: {reference}</source>
        <translation>正确答案：{reference}</translation>
    </message>
    <message>
        <source>The right answer (reference): {reference}</source>
        <translation>正确答案（参考）：{reference}</translation>
    </message>
    <message>
        <source>2. {count} samples and their rewards</source>
        <translation>2. {count} 个样本及其奖励</translation>
    </message>
    <message>
        <source>The model wrote {count} samples ({noun}) for this prompt.</source>
        <translation>模型为这个提示写了 {count} 个样本（{noun}）。</translation>
    </message>
    <message>
        <source>The policy wrote {count} samples ({noun}) for this prompt.</source>
        <translation>对这个提示，策略写出了 {count} 个样本（{noun}）。</translation>
    </message>
    <message>
        <source>Each sample gets a score for each thing that counts; its reward adds them up: reward = {terms}.</source>
        <translation>每个样本在每个要紧的方面各得一个分数；它的奖励把这些分数加起来：奖励 = {terms}。</translation>
    </message>
    <message>
        <source>Each reward function scores every sample; the reward is their weighted sum: reward = {terms}.</source>
        <translation>每个奖励函数给每个样本打分；奖励是它们的加权和：奖励 = {terms}。</translation>
    </message>
    <message>
        <source>A control experiment: the rewards were shuffled between the samples, so a sample&apos;s reward is not its own score.</source>
        <translation>对照实验：奖励在样本之间打乱了，所以一个样本的奖励不是它自己的得分。</translation>
    </message>
    <message>
        <source>Control experiment (grpo.shuffle_rewards): the total rewards were shuffled across the batch, so a sample&apos;s reward is not its own score.</source>
        <translation>对照实验（grpo.shuffle_rewards）：总奖励在批次内被打乱，所以一个样本的奖励并不是它自己的得分。</translation>
    </message>
    <message>
        <source>reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>how it ended</source>
        <translation>结局</translation>
    </message>
    <message>
        <source>3. The group&apos;s average and spread</source>
        <translation>3. 这一组的平均值和离散程度</translation>
    </message>
    <message>
        <source>3. The group&apos;s mean and spread</source>
        <translation>3. 组的均值与离散程度</translation>
    </message>
    <message>
        <source>the {count} rewards</source>
        <translation>这 {count} 个奖励</translation>
    </message>
    <message>
        <source>average = ({rewards}) / {count} = {mean}</source>
        <translation>平均值 = ({rewards}) / {count} = {mean}</translation>
    </message>
    <message>
        <source>mean = ({rewards}) / {count} = {mean}</source>
        <translation>均值 mean = ({rewards}) / {count} = {mean}</translation>
    </message>
    <message>
        <source>spread = {std}: how far the {count} rewards lie from their average (0: all the same).</source>
        <translation>离散程度 = {std}：这 {count} 个奖励离平均值有多远（0：全都一样）。</translation>
    </message>
    <message>
        <source>std = {std}: how far the {count} rewards spread around their mean (the unbiased standard deviation).</source>
        <translation>标准差 std = {std}：这 {count} 个奖励围绕均值的离散程度（无偏标准差）。</translation>
    </message>
    <message>
        <source>Each sample is measured against its own group: how many spreads above or below the average it lies.</source>
        <translation>每个样本都和自己这一组比较：它比平均值高或低几个离散程度。</translation>
    </message>
    <message>
        <source>Each sample is measured in the spread of every reward of the step, {std}, not of its group&apos;s.</source>
        <translation>每个样本用这一步所有奖励的离散程度 {std} 来衡量，而不是用它这一组的。</translation>
    </message>
    <message>
        <source>Each sample is measured by how far above or below the average it lies, not divided by any spread.</source>
        <translation>每个样本按它比平均值高或低多少来衡量，不除以任何离散程度。</translation>
    </message>
    <message>
        <source>This step divides by the group&apos;s own std (grpo.scale_rewards: group).</source>
        <translation>这一步除以该组自己的标准差（grpo.scale_rewards: group）。</translation>
    </message>
    <message>
        <source>This step divides by the std of every reward in the batch, {std}, not by the group&apos;s (grpo.scale_rewards: batch).</source>
        <translation>这一步除以整个批次所有奖励的标准差 {std}，而不是组内的标准差（grpo.scale_rewards: batch）。</translation>
    </message>
    <message>
        <source>This step divides by no std (grpo.scale_rewards: none, as in Dr. GRPO): the advantage is the reward minus the mean.</source>
        <translation>这一步不除以标准差（grpo.scale_rewards: none，与 Dr. GRPO 相同）：优势就是奖励减去均值。</translation>
    </message>
    <message>
        <source>All {count} rewards are equal, so every advantage is 0: this group teaches the policy nothing.</source>
        <translation type="vanished">这 {count} 个奖励全部相同，所以每个优势都是 0：这个组什么也教不了策略。</translation>
    </message>
    <message>
        <source>4. Each sample&apos;s advantage</source>
        <translation>4. 每个样本的优势</translation>
    </message>
    <message>
        <source>This record holds the advantages but not how they were computed.</source>
        <translation>这条记录保存了优势，但没有保存它们是怎么算出来的。</translation>
    </message>
    <message>
        <source>No spread: every advantage is 0.</source>
        <translation>没有离散：每个优势都是 0。</translation>
    </message>
    <message>
        <source>no spread: 0</source>
        <translation>没有离散：0</translation>
    </message>
    <message>
        <source>advantage = reward − average: better than average is positive, worse negative.</source>
        <translation>优势 = 奖励 − 平均值：比平均好为正，比平均差为负。</translation>
    </message>
    <message>
        <source>A = r − mean: above the group&apos;s mean is positive, below it negative.</source>
        <translation>A = r − mean：高于组均值为正，低于组均值为负。</translation>
    </message>
    <message>
        <source>advantage = (reward − average) / spread: better than average is positive, worse negative. A tiny {eps} is added to the spread so that it is never 0.</source>
        <translation>优势 = (奖励 − 平均值) / 离散程度：比平均好为正，比平均差为负。离散程度上加了一个很小的 {eps}，使它永远不为 0。</translation>
    </message>
    <message>
        <source>A = (r − mean) / (std + eps), with eps = {eps} so that a group with no spread does not divide by 0: above the group&apos;s mean is positive, below it negative.</source>
        <translation>A = (r − mean) / (std + eps)，其中 eps = {eps}，使没有离散的组不会除以 0：高于组均值为正，低于组均值为负。</translation>
    </message>
    <message>
        <source>how it is worked out</source>
        <translation>怎么算出来的</translation>
    </message>
    <message>
        <source>reward r</source>
        <translation>奖励 r</translation>
    </message>
    <message>
        <source>formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>advantage A</source>
        <translation>优势 A</translation>
    </message>
    <message>
        <source>Which group of the step to explain</source>
        <translation>讲解这一步中的哪一组</translation>
    </message>
    <message>
        <source>Engineer&apos;s terms</source>
        <translation>工程术语</translation>
    </message>
    <message>
        <source>Show log-probabilities, the standard deviation, eps and the settings&apos; names instead of plain words and percentages</source>
        <translation>显示对数概率、标准差、eps 和设置项的名称，而不是浅显的说法和百分比</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>组：</translation>
    </message>
    <message>
        <source>Could not compute the log-probs after the update: {message}</source>
        <translation>无法计算更新后的对数概率：{message}</translation>
    </message>
    <message>
        <source>Group {number}: {prompt}</source>
        <translation>第 {number} 组：{prompt}</translation>
    </message>
    <message>
        <source>The warm-up is supervised: the model copies the references, and there are no groups or advantages yet. The explanation starts with the first GRPO step.</source>
        <translation>预热是监督学习：模型照着参考答案学，还没有组和优势。讲解从第一个 GRPO 步开始。</translation>
    </message>
    <message>
        <source>Pause the run (or press Step) and this tab walks through the last GRPO step for one group: its samples, their rewards, the group&apos;s mean and spread, each advantage, and how the update changed each sample&apos;s probability.</source>
        <translation>暂停运行（或按“单步”），这一页就会针对一个组逐步讲解最近的 GRPO 步：它的样本、样本的奖励、组的均值和离散程度、每个优势，以及更新如何改变了每个样本的概率。</translation>
    </message>
    <message>
        <source>Step {step}, paused.</source>
        <translation>第 {step} 步，已暂停。</translation>
    </message>
    <message>
        <source>Step {step}; the run is training.</source>
        <translation>第 {step} 步；运行正在训练。</translation>
    </message>
    <message>
        <source>Step {step}, the last GRPO step of the run shown.</source>
        <translation>第 {step} 步，所显示运行的最后一个 GRPO 步。</translation>
    </message>
    <message>
        <source>The run has ended: the log-probs after the update need the live model, so only the numbers recorded at the step are shown.</source>
        <translation type="vanished">运行已结束：更新后的对数概率需要正在运行的模型，所以只显示这一步记录下来的数字。</translation>
    </message>
    <message>
        <source>This run was opened from its folder: its records hold everything above but the log-probs after the update, which need the live model. Continue the run (Runs tab), pause it, and explain one of its steps to see them.</source>
        <translation type="vanished">这次运行是从文件夹打开的：它的记录包含上面的一切，唯独没有更新后的对数概率，那需要正在运行的模型。继续这次运行（“运行”页），暂停它，再讲解其中一步即可看到。</translation>
    </message>
    <message>
        <source>The run is training: pause it (or press Step) to see how the update changed each sample&apos;s probability.</source>
        <translation>运行正在训练：暂停它（或按“单步”）即可看到更新如何改变了每个样本的概率。</translation>
    </message>
    <message>
        <source>The run was paused in the middle of the next step, whose update has already changed the weights: press Step to finish that step and explain it.</source>
        <translation>运行暂停在下一步的中途，那一步的更新已经改变了权重：按“单步”完成那一步并讲解它。</translation>
    </message>
    <message>
        <source>The run has moved past this step: press Step to explain a new one.</source>
        <translation>运行已经越过这一步：按“单步”讲解新的一步。</translation>
    </message>
    <message>
        <source>Computing the log-probs with the updated weights…</source>
        <translation type="vanished">正在用更新后的权重计算对数概率…</translation>
    </message>
    <message>
        <source>loss_type dapo: each token&apos;s push is divided by the number of tokens in the batch, so every token counts the same however long its sample.</source>
        <translation>loss_type dapo：每个词元受到的推动除以批次中的词元总数，所以无论样本多长，每个词元的分量都相同。</translation>
    </message>
    <message>
        <source>loss_type grpo: a sample&apos;s push is shared among its tokens, so the tokens of a short sample move more.</source>
        <translation>loss_type grpo：一个样本受到的推动由它的词元分摊，所以短样本的词元变化更大。</translation>
    </message>
    <message>
        <source>All {count} rewards are equal: there is no spread, no sample is better than another, so every advantage is exactly 0 and this group teaches the model nothing.</source>
        <translation>这 {count} 个奖励全部相同：没有离散，没有哪个样本比别的好，所以每个优势都恰好是 0，这一组什么也教不了模型。</translation>
    </message>
    <message>
        <source>All {count} rewards are equal (no spread), so every advantage is exactly 0, not divided by eps: this group teaches the policy nothing.</source>
        <translation>这 {count} 个奖励全部相同（没有离散），所以每个优势都恰好是 0，而不是除以 eps 得到的：这一组什么也教不了策略。</translation>
    </message>
    <message>
        <source>4. Better or worse than average: each sample&apos;s advantage</source>
        <translation>4. 比平均好还是差：每个样本的优势</translation>
    </message>
    <message>
        <source>The run has ended: how likely each sample is after the update needs the live model, so only the numbers recorded at the step are shown.</source>
        <translation>运行已结束：更新后每个样本有多大可能需要正在运行的模型，所以只显示这一步记录下来的数字。</translation>
    </message>
    <message>
        <source>This run was opened from its folder: its records hold everything above but how likely each sample is after the update, which needs the live model. Continue the run (Runs tab), pause it, and explain one of its steps to see it.</source>
        <translation>这次运行是从文件夹打开的：它的记录包含上面的一切，唯独没有更新后每个样本有多大可能，那需要正在运行的模型。继续这次运行（“运行”页），暂停它，再讲解其中一步即可看到。</translation>
    </message>
    <message>
        <source>Working out how likely each sample is with the updated weights…</source>
        <translation>正在用更新后的权重计算每个样本有多大可能…</translation>
    </message>
    <message>
        <source>loss_type dr_grpo: every token&apos;s push is divided by the same constant (the batch&apos;s samples times the longest sample).</source>
        <translation>loss_type dr_grpo：每个词元受到的推动都除以同一个常数（批次的样本数乘以最长样本的长度）。</translation>
    </message>
    <message>
        <source>5. What the update pushes, token by token</source>
        <translation>5. 更新逐个词元推动了什么</translation>
    </message>
    <message>
        <source>5. What the update pushes, piece by piece</source>
        <translation>5. 更新逐个片段推动了什么</translation>
    </message>
    <message>
        <source>The update makes every piece of a better-than-average sample more likely (green) and every piece of a worse-than-average one less likely (red), the more so the bigger its advantage.</source>
        <translation>更新让比平均好的样本的每个片段更可能出现（绿色），让比平均差的样本的每个片段更不可能出现（红色），优势越大，推动越多。</translation>
    </message>
    <message>
        <source>The loss raises the log-probability of every token of a sample with a positive advantage (green: made likelier) and lowers it for a negative one (red: made less likely), in proportion to the advantage.</source>
        <translation>损失按优势的大小成比例地，提高优势为正的样本中每个词元的对数概率（绿色：变得更可能），降低优势为负的样本中每个词元的对数概率（红色：变得更不可能）。</translation>
    </message>
    <message>
        <source>A brake (beta = {beta}) also pulls every piece back towards how likely the model found it before training.</source>
        <translation>一个刹车（beta = {beta}）同时把每个片段拉回到训练前模型认为它有多大可能的程度。</translation>
    </message>
    <message>
        <source>The KL term (grpo.beta = {beta}) pulls every token back towards the reference model at the same time.</source>
        <translation>与此同时，KL 项（grpo.beta = {beta}）把每个词元往参考模型的方向拉回。</translation>
    </message>
    <message>
        <source>This record does not hold the samples&apos; tokens.</source>
        <translation>这条记录没有保存样本的词元。</translation>
    </message>
    <message>
        <source>Sample {number}, advantage {advantage}</source>
        <translation>样本 {number}，优势 {advantage}</translation>
    </message>
    <message>
        <source>Sample {number}, advantage {advantage}: cut off at the length limit, so the update leaves it alone</source>
        <translation>样本 {number}，优势 {advantage}：在长度上限处被截断，所以更新不去动它</translation>
    </message>
    <message>
        <source>Sample {number}, advantage {advantage}: cut at the length limit and left out of the loss (grpo.mask_truncated_completions)</source>
        <translation>样本 {number}，优势 {advantage}：在长度上限处被截断，不计入损失（grpo.mask_truncated_completions）</translation>
    </message>
    <message>
        <source>piece</source>
        <translation>片段</translation>
    </message>
    <message>
        <source>how likely before</source>
        <translation>之前有多大可能</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>log-prob before</source>
        <translation>更新前对数概率</translation>
    </message>
    <message>
        <source>after</source>
        <translation>更新后</translation>
    </message>
    <message>
        <source>change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>6. How the update changed each sample&apos;s probability</source>
        <translation>6. 更新如何改变了每个样本的概率</translation>
    </message>
    <message>
        <source>The log-probability of a sample is the sum of its tokens&apos; log-probs; its probability is e to that power. Before: when it was sampled. After: computed just now with the updated weights.</source>
        <translation>一个样本的对数概率是它各词元对数概率之和；它的概率是 e 的这个次方。更新前：采样时的值。更新后：刚刚用更新后的权重算出的值。</translation>
    </message>
    <message>
        <source>advantage</source>
        <translation>优势</translation>
    </message>
    <message>
        <source>log P before</source>
        <translation>更新前 log P</translation>
    </message>
    <message>
        <source>6. How the update changed how likely each sample is</source>
        <translation>6. 更新如何改变了每个样本有多大可能</translation>
    </message>
    <message>
        <source>How likely the model is to write each sample: before the update (when it wrote it) and after it (worked out just now with the new weights).</source>
        <translation>模型写出每个样本有多大可能：更新之前（写出它的时候）和更新之后（刚刚用新权重算出）。</translation>
    </message>
    <message>
        <source>log P after</source>
        <translation>更新后 log P</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Every sample of this group has an advantage of 0 (their rewards are equal), so the group pushes none of them: the changes come from the other groups of the step, which move the same weights.</source>
        <translation>这一组每个样本的优势都是 0（它们的奖励相同），所以这一组不推动任何样本：变化来自这一步的其他组，它们改动的是同一批权重。</translation>
    </message>
    <message>
        <source>Every sample of this group has an advantage of 0 (their rewards are equal), so the group pushes on none of them: the changes come from the other groups of the batch and the KL term, which move the same weights.</source>
        <translation>这一组每个样本的优势都是 0（它们的奖励相同），所以这一组对哪个样本都不施加推动：这些变化来自这一批的其他组和 KL 项，它们改动的是同一批权重。</translation>
    </message>
    <message>
        <source>{up} of the {positive} better-than-average samples became likelier, and {down} of the {negative} worse-than-average ones less likely. (The other groups of the step move the same weights, so not every sample follows its own advantage.)</source>
        <translation>{positive} 个比平均好的样本中有 {up} 个变得更可能，{negative} 个比平均差的样本中有 {down} 个变得更不可能。（这一步的其他组改动的是同一批权重，所以并非每个样本都按自己的优势变化。）</translation>
    </message>
    <message>
        <source>{up} of the {positive} samples with a positive advantage became likelier, and {down} of the {negative} with a negative advantage less likely. (The other groups of the batch and the KL term move the same weights, so not every sample follows its own advantage.)</source>
        <translation>{positive} 个优势为正的样本中有 {up} 个变得更可能，{negative} 个优势为负的样本中有 {down} 个变得更不可能。（批次中的其他组和 KL 项也在调整同样的权重，所以并非每个样本都顺着自己的优势变化。）</translation>
    </message>
    <message>
        <source>Step {step}, group {group} of {groups}</source>
        <translation>第 {step} 步，第 {group} 组（共 {groups} 组）</translation>
    </message>
    <message>
        <source>In one step the model writes a group of samples for each prompt; each is scored and compared with the others of its group, and the update makes the better-than-average ones more likely. This is one group of the step, with its real numbers.</source>
        <translation>在一步中，模型为每个提示写出一组样本；每个样本都被打分，并与同组的其他样本比较，然后更新让比平均好的样本更可能出现。这是这一步中的一组，带着它真实的数字。</translation>
    </message>
    <message>
        <source>In one GRPO step the policy writes a group of samples for each prompt, each is scored, compared with the others of its group, and the update makes the better-than-average ones likelier. This is one group of the step, with its real numbers.</source>
        <translation>在一个 GRPO 步中，策略为每个提示写出一组样本，每个样本被打分，并与同组的其他样本比较，然后更新让好于平均的样本变得更可能。这是这一步中的一个组，附有真实的数字。</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>Export ONNX</source>
        <translation>导出 ONNX</translation>
    </message>
    <message>
        <source>Export the run&apos;s latest checkpoint to ONNX, check it against PyTorch, and say where the files are (training continues meanwhile) ({keys})</source>
        <translation>把该运行最新的检查点导出为 ONNX，与 PyTorch 对照校验，并告知文件位置（其间训练照常进行）（{keys}）</translation>
    </message>
    <message>
        <source>No run to export yet: start a run, or open one in the Runs list.</source>
        <translation>还没有可导出的运行：请开始一次运行，或在“运行”列表中打开一个。</translation>
    </message>
    <message>
        <source>Nothing to export yet</source>
        <translation>暂无可导出的内容</translation>
    </message>
    <message>
        <source>Exporting {run} …</source>
        <translation>正在导出 {run} …</translation>
    </message>
    <message>
        <source>Export: {step}</source>
        <translation>导出：{step}</translation>
    </message>
    <message>
        <source>Exported to {folder}</source>
        <translation>已导出到 {folder}</translation>
    </message>
    <message>
        <source>Export done</source>
        <translation>导出完成</translation>
    </message>
    <message>
        <source>Export failed (see the log)</source>
        <translation>导出失败（见日志）</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>FieldEditor</name>
    <message>
        <source>empty: none</source>
        <translation>留空：无</translation>
    </message>
    <message>
        <source>YAML, e.g. [a, b] or {name: 1.0}</source>
        <translation>YAML，例如 [a, b] 或 {name: 1.0}</translation>
    </message>
    <message>
        <source>min {value}</source>
        <translation>最小 {value}</translation>
    </message>
    <message>
        <source>max {value}</source>
        <translation>最大 {value}</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>正数</translation>
    </message>
</context>
<context>
    <name>FontCoverage</name>
    <message>
        <source>and {n} more</source>
        <translation>等另外 {n} 个</translation>
    </message>
    <message>
        <source>No installed font draws {count} of these characters ({chars}), so they show as boxes; training is not affected. Install a font that has them (Debian, Ubuntu: sudo apt install {package}) and restart the studio.</source>
        <translation>已安装的字体都无法显示其中 {count} 个字符（{chars}），所以它们显示为方框；训练不受影响。请安装包含这些字符的字体（Debian、Ubuntu：sudo apt install {package}），然后重新启动工作室。</translation>
    </message>
</context>
<context>
    <name>GradFlowWidget</name>
    <message>
        <source>|gradient| (bars: mean, thin bars: max; dashed: {vanishing} vanishing, {exploding} exploding)</source>
        <translation>|梯度|（粗条：均值，细条：最大值；虚线：{vanishing} 消失，{exploding} 爆炸）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Gradient flow&lt;/b&gt; — step {step}, {n} layers</source>
        <translation>&lt;b&gt;梯度流&lt;/b&gt; — 第 {step} 步，{n} 层</translation>
    </message>
    <message>
        <source>vanishing</source>
        <translation>消失</translation>
    </message>
    <message>
        <source>exploding</source>
        <translation>爆炸</translation>
    </message>
    <message>
        <source>Flagged: {layers}</source>
        <translation>有问题的层：{layers}</translation>
    </message>
    <message>
        <source>All layers within {low} .. {high}.</source>
        <translation>所有层都在 {low} .. {high} 之内。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Gradient flow&lt;/b&gt; — waiting for the first step</source>
        <translation>&lt;b&gt;梯度流&lt;/b&gt; — 等待第一步</translation>
    </message>
</context>
<context>
    <name>GridPage</name>
    <message>
        <source>(no move)</source>
        <translation>（未移动）</translation>
    </message>
    <message>
        <source>{moves}  {outcome} after {steps} steps (shortest {shortest}), return {ret}</source>
        <translation>{moves}  {steps} 步后{outcome}（最短 {shortest} 步），回报 {ret}</translation>
    </message>
    <message>
        <source>{moves}…  move {step} of {steps}</source>
        <translation>{moves}…  第 {step} 步，共 {steps} 步</translation>
    </message>
    <message>
        <source>the grid world needs the run&apos;s task; load the run first</source>
        <translation>网格世界需要该运行的任务；请先加载运行</translation>
    </message>
    <message>
        <source>New grid</source>
        <translation>新网格</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>Take the likeliest move (off: sample moves; ONNX stays greedy)</source>
        <translation>走概率最大的一步（关闭：按概率采样；ONNX 始终贪心）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Animate</source>
        <translation>动画</translation>
    </message>
    <message>
        <source>Save GIF…</source>
        <translation>保存 GIF…</translation>
    </message>
    <message>
        <source> moves/s</source>
        <translation> 步/秒</translation>
    </message>
    <message>
        <source>How fast Animate plays the episode (and the saved GIF)</source>
        <translation>动画（以及保存的 GIF）播放回合的速度</translation>
    </message>
    <message>
        <source>greedy (the ONNX side takes the likeliest move):</source>
        <translation>贪心（ONNX 一侧走概率最大的一步）：</translation>
    </message>
    <message>
        <source>grid {index}, step {step}/{last}</source>
        <translation>网格 {index}，第 {step}/{last} 步</translation>
    </message>
    <message>
        <source>No episode yet</source>
        <translation>还没有回合</translation>
    </message>
    <message>
        <source>Press New grid to play one first.</source>
        <translation>请先按“新网格”玩一回合。</translation>
    </message>
    <message>
        <source>Save the episode as a GIF</source>
        <translation>将回合保存为 GIF</translation>
    </message>
    <message>
        <source>GIF (*.gif)</source>
        <translation>GIF 动图 (*.gif)</translation>
    </message>
    <message>
        <source>Could not save the GIF</source>
        <translation>无法保存 GIF</translation>
    </message>
</context>
<context>
    <name>HelpPages</name>
    <message>
        <source>What each chart means</source>
        <translation>每张图表的含义</translation>
    </message>
    <message>
        <source>A GRPO loss near 0 is normal: advantages average to 0. Watch the reward, the share of groups with equal rewards, and the held-out metric.</source>
        <translation>GRPO 损失接近 0 是正常的：优势的平均值为 0。请关注奖励、奖励全部相同的组所占比例，以及留出集指标。</translation>
    </message>
    <message>
        <source>Healthy:</source>
        <translation>正常：</translation>
    </message>
    <message>
        <source>A problem:</source>
        <translation>有问题：</translation>
    </message>
    <message>
        <source>What a step does</source>
        <translation>一步做了什么</translation>
    </message>
    <message>
        <source>Each GRPO step takes a few prompts (a sum to do, a sentence to translate, a grid to solve) and lets the model answer each one several times. Every answer gets a reward: 1 for a right sum, a chrF score for a translation, the episode&apos;s return in the grid world. The model is then nudged towards the answers that scored better than the others, and away from the rest.</source>
        <translation>每个 GRPO 步取几个提示（一道加法、一句要翻译的话、一个要走通的网格），让模型对每个提示回答若干次。每个回答都会得到奖励：算对加法得 1，翻译得 chrF 分数，网格世界里得到该回合的回报。然后模型被推向比其他回答得分更高的回答，远离其余的回答。</translation>
    </message>
    <message>
        <source>What a group is</source>
        <translation>什么是组</translation>
    </message>
    <message>
        <source>The answers to one prompt form a group (G answers; the Group size setting). An answer&apos;s advantage is its reward minus the group&apos;s mean, divided by the group&apos;s spread: (r - mean) / (std + eps). It says how much better than its siblings the answer was, so a hard prompt and an easy one teach equally. The Samples tab shows the groups: green answers are pushed up, red ones down.</source>
        <translation>对同一个提示的回答构成一个组（G 个回答；即“组大小”设置）。一个回答的优势等于它的奖励减去组的均值，再除以组的离散程度：(r - mean) / (std + eps)。它表示这个回答比同组其他回答好多少，因此难的提示和容易的提示起到同样的教学作用。“样本”页显示各个组：绿色的回答被推高，红色的被压低。</translation>
    </message>
    <message>
        <source>When a group teaches nothing</source>
        <translation>组什么也教不了的时候</translation>
    </message>
    <message>
        <source>If every answer in a group gets the same reward (all right, or all wrong), every advantage is 0 and the group changes nothing. The chart &apos;Groups with equal rewards&apos; shows their share: near 100% means the task is too hard or too easy for the model as it is now.</source>
        <translation>如果一个组里每个回答的奖励都相同（全对或全错），每个优势都是 0，这个组什么也改变不了。图表“奖励全部相同的组”显示它们所占的比例：接近 100% 说明对现在的模型而言，任务太难或太容易。</translation>
    </message>
    <message>
        <source>Why a warm-up first</source>
        <translation>为什么先预热</translation>
    </message>
    <message>
        <source>A model that starts from random weights almost never gets a reward, so every group is all zeros and GRPO learns nothing. The supervised warm-up first shows the model the right answers (teacher forcing) until it gets some of them; then GRPO improves it from its own attempts. The stage strip above the charts shows which stage runs and when each ends.</source>
        <translation>从随机权重出发的模型几乎拿不到奖励，于是每个组都是全 0，GRPO 什么也学不到。监督预热先把正确答案展示给模型（教师强制），直到它能答对一部分；然后 GRPO 再从它自己的尝试中改进它。图表上方的阶段条显示正在运行哪个阶段，以及每个阶段何时结束。</translation>
    </message>
    <message>
        <source>KL to a reference, and clipping</source>
        <translation>相对参考模型的 KL，以及裁剪</translation>
    </message>
    <message>
        <source>Two brakes keep each update small. The KL term (weight beta) charges the model for drifting from a frozen copy of itself taken when GRPO started, the reference. Clipping stops one update from changing an answer&apos;s probability by more than a set ratio (1 ± epsilon); the &apos;Clipped tokens&apos; chart shows how often it binds. Without brakes a model can chase the reward and forget what it knew.</source>
        <translation>两道“刹车”让每次更新保持很小。KL 项（权重 beta）对模型偏离参考模型的程度计罚，参考模型是 GRPO 开始时冻结下来的模型副本。裁剪阻止一次更新把某个回答的概率改变超过设定的比例（1 ± epsilon）；“被裁剪的词元”图表显示它起作用的频率。没有刹车，模型可能一味追逐奖励而忘掉原本会的东西。</translation>
    </message>
    <message>
        <source>Why the loss is near zero</source>
        <translation>为什么损失接近零</translation>
    </message>
    <message>
        <source>Advantages in a group add up to zero, so the GRPO loss averages near zero whether the model learns or not. Watch the reward, the held-out metric and the equal-reward groups instead; Help &gt; What each chart means explains every chart.</source>
        <translation>一个组内的优势加起来为零，所以无论模型是否在学习，GRPO 损失的平均值都接近零。请改为关注奖励、留出集指标和奖励全部相同的组；“帮助 &gt; 每张图表的含义”解释了每张图表。</translation>
    </message>
    <message>
        <source>GRPO in the studio, in short</source>
        <translation>GRPO Studio 中的 GRPO 简介</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The window will be in {language} when the studio starts again.</source>
        <translation>下次启动时，窗口将使用{language}。</translation>
    </message>
</context>
<context>
    <name>LessonBanner</name>
    <message>
        <source>Show hidden settings</source>
        <translation>显示隐藏的设置</translation>
    </message>
    <message>
        <source>Lesson mode in Settings: every setting, with its box</source>
        <translation>设置中的课程模式：显示每个设置及其勾选框</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>This lesson hides {n} settings to keep the form short.</source>
        <translation>本课程隐藏了 {n} 个设置，让表单保持简短。</translation>
    </message>
    <message>
        <source>More</source>
        <translation>展开</translation>
    </message>
    <message>
        <source>Show the whole lesson text</source>
        <translation>显示完整的课程说明</translation>
    </message>
    <message>
        <source>This lesson hides no settings.</source>
        <translation>本课程没有隐藏任何设置。</translation>
    </message>
</context>
<context>
    <name>LiveBox</name>
    <message>
        <source>Type here: the translation follows as you type. Several sentences and lines are fine; only the sentence you edit is translated again.</source>
        <translation>在这里输入：译文随输入即时更新。可以输入多句多行；只有你正在编辑的句子会重新翻译。</translation>
    </message>
    <message>
        <source>The translation appears below as you type.</source>
        <translation>输入时，译文会显示在下方。</translation>
    </message>
    <message>
        <source>cache: </source>
        <translation>缓存：</translation>
    </message>
    <message>
        <source> sentences</source>
        <translation> 句</translation>
    </message>
    <message>
        <source>Finished translations kept for retyping, undoing and repeated sentences (least recently used ones go first)</source>
        <translation>保留已完成的译文，供重新输入、撤销和重复句子使用（最久未用的先被清除）</translation>
    </message>
    <message>
        <source>Could not translate: {why}</source>
        <translation>无法翻译：{why}</translation>
    </message>
    <message>
        <source>{engine}: {cached} of {total} sentences from the cache; hit rate {rate:.0%} of {n} look-ups</source>
        <translation>{engine}：{total} 句中有 {cached} 句来自缓存；{n} 次查询的命中率为 {rate:.0%}</translation>
    </message>
    <message>
        <source> ({n} cut at the model&apos;s {limit}-token limit)</source>
        <translation>（{n} 句在模型 {limit} 个词元的上限处被截断）</translation>
    </message>
    <message>
        <source> ({n} with characters the model does not know)</source>
        <translation>（{n} 句含有模型不认识的字符）</translation>
    </message>
</context>
<context>
    <name>LogPanel</name>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>step limit</source>
        <translation>达到步数上限</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>被中断</translation>
    </message>
    <message>
        <source>[step {step}] {message}</source>
        <translation>[第 {step} 步] {message}</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>end</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>[step {step}] stage {stage} {event}{reason}</source>
        <translation>[第 {step} 步] 阶段 {stage} {event}{reason}</translation>
    </message>
    <message>
        <source>[step {step}] checkpoint saved: {path}</source>
        <translation>[第 {step} 步] 检查点已保存：{path}</translation>
    </message>
    <message>
        <source>[step {step}] run ended: {reason}</source>
        <translation>[第 {step} 步] 运行结束：{reason}</translation>
    </message>
    <message>
        <source>[step {step}] eval: {metrics}</source>
        <translation>[第 {step} 步] 评估：{metrics}</translation>
    </message>
    <message>
        <source>Messages from the trainer appear here.</source>
        <translation>训练器的消息会显示在这里。</translation>
    </message>
    <message>
        <source>(details: right-click, Copy error details)</source>
        <translation>（详情：右键单击，选择“复制错误详情”）</translation>
    </message>
    <message>
        <source>Copy error details</source>
        <translation>复制错误详情</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Gradient flow</source>
        <translation>梯度流</translation>
    </message>
    <message>
        <source>Reward lab</source>
        <translation>奖励实验室</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Explain step</source>
        <translation>讲解这一步</translation>
    </message>
    <message>
        <source>Playground</source>
        <translation>试用场</translation>
    </message>
    <message>
        <source>Save as preset…</source>
        <translation>另存为预设…</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Pick a preset, check the data, press Start (F5).</source>
        <translation>选择一个预设，检查数据，然后按“开始”（F5）。</translation>
    </message>
    <message>
        <source>Pause when GRPO starts</source>
        <translation>GRPO 开始时暂停</translation>
    </message>
    <message>
        <source>Pause each run before its first GRPO step, so that Step walks through GRPO one step at a time; a lesson can ask for this itself</source>
        <translation>每次运行在第一个 GRPO 步之前暂停，这样“单步”就能一步一步地走过 GRPO；课程也可以自己要求这样做</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open preset or lesson…</source>
        <translation>打开预设或课程…</translation>
    </message>
    <message>
        <source>Save as lesson…</source>
        <translation>另存为课程…</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Setup panel</source>
        <translation>准备面板</translation>
    </message>
    <message>
        <source>Log panel</source>
        <translation>日志面板</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>GRPO in short</source>
        <translation>GRPO 简介</translation>
    </message>
    <message>
        <source>What each chart means</source>
        <translation>每张图表的含义</translation>
    </message>
    <message>
        <source>Show the first-run tour</source>
        <translation>显示新手导览</translation>
    </message>
    <message>
        <source>Cannot open this preset</source>
        <translation>无法打开这个预设</translation>
    </message>
    <message>
        <source>Preset: {name} ({path})</source>
        <translation>预设：{name}（{path}）</translation>
    </message>
    <message>
        <source>preset loaded: {name} ({path})</source>
        <translation>已加载预设：{name}（{path}）</translation>
    </message>
    <message>
        <source>Save as lesson</source>
        <translation type="vanished">另存为课程</translation>
    </message>
    <message>
        <source>Lesson (*.yaml)</source>
        <translation type="vanished">课程 (*.yaml)</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation type="vanished">无法保存</translation>
    </message>
    <message>
        <source>saved: {path}</source>
        <translation type="vanished">已保存：{path}</translation>
    </message>
    <message>
        <source>Save as preset</source>
        <translation type="vanished">另存为预设</translation>
    </message>
    <message>
        <source>Preset (*.yaml)</source>
        <translation type="vanished">预设 (*.yaml)</translation>
    </message>
    <message>
        <source>Memory budget: {n} settings changed to fit it; the log says which and why</source>
        <translation>内存预算：为放进预算更改了 {n} 项设置；日志中写明了改了哪些、为什么</translation>
    </message>
    <message>
        <source>training failed: {message}</source>
        <translation type="vanished">训练失败：{message}</translation>
    </message>
</context>
<context>
    <name>MemoryGauge</name>
    <message>
        <source>app {size}</source>
        <translation>本程序 {size}</translation>
    </message>
    <message>
        <source>app&apos;s share unknown</source>
        <translation>本程序占用未知</translation>
    </message>
    <message>
        <source>VRAM {used} / {total} · {share}</source>
        <translation>显存 {used} / {total} · {share}</translation>
    </message>
    <message>
        <source>No GPU · app RAM {used}</source>
        <translation>无 GPU · 本程序内存 {used}</translation>
    </message>
    <message>
        <source>No NVIDIA GPU found: the bar shows this app&apos;s memory (RAM) of the machine&apos;s {total}.</source>
        <translation>未找到 NVIDIA GPU：进度条显示本程序占用的内存（RAM），本机共 {total}。</translation>
    </message>
</context>
<context>
    <name>MetricChart</name>
    <message>
        <source>Save chart as PNG…</source>
        <translation>将图表保存为 PNG…</translation>
    </message>
    <message>
        <source>Save data as CSV…</source>
        <translation>将数据保存为 CSV…</translation>
    </message>
    <message>
        <source>{curve} ({run})</source>
        <translation>{curve}（{run}）</translation>
    </message>
    <message>
        <source>Held-out {metric} ({unit})</source>
        <translation>留出集{metric}（{unit}）</translation>
    </message>
    <message>
        <source>Held-out {metric}</source>
        <translation>留出集{metric}</translation>
    </message>
    <message>
        <source>step {step}: {values}</source>
        <translation>第 {step} 步：{values}</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Could not write {path}.</source>
        <translation>无法写入 {path}。</translation>
    </message>
    <message>
        <source>Save data</source>
        <translation>保存数据</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>each reward function</source>
        <translation>每个奖励函数</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Healthy:</source>
        <translation>正常：</translation>
    </message>
    <message>
        <source>A problem:</source>
        <translation>有问题：</translation>
    </message>
    <message>
        <source>this task has no other held-out metrics</source>
        <translation>此任务没有其他留出集指标</translation>
    </message>
    <message>
        <source>waiting for the first evaluation</source>
        <translation>等待第一次评估</translation>
    </message>
    <message>
        <source>waiting for the first GRPO step</source>
        <translation>等待第一个 GRPO 步</translation>
    </message>
    <message>
        <source>waiting for GRPO</source>
        <translation>等待 GRPO 阶段</translation>
    </message>
    <message>
        <source>this run records nothing for this chart</source>
        <translation>这次运行没有记录此图表的数据</translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation>等待第一步</translation>
    </message>
</context>
<context>
    <name>PlaygroundTab</name>
    <message>
        <source>{run}: has no ONNX export yet; press Export (or run `grpo-studio export {run}`) first</source>
        <translation type="vanished">{run}：还没有 ONNX 导出；请先按“导出”（或运行 `grpo-studio export {run}`）</translation>
    </message>
    <message>
        <source>No run yet: start one, or open one in the Runs list.</source>
        <translation>还没有运行：请开始一次，或在“运行”列表中打开一个。</translation>
    </message>
    <message>
        <source>Both</source>
        <translation>两者</translation>
    </message>
    <message>
        <source>Answer with the live PyTorch model, the ONNX export, or both</source>
        <translation>用正在训练的 PyTorch 模型、ONNX 导出或两者来回答</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>重新加载</translation>
    </message>
    <message>
        <source>Load the run&apos;s latest checkpoint and its export again</source>
        <translation>重新加载该运行最新的检查点及其导出</translation>
    </message>
    <message>
        <source>Run with</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>This task has no playground page yet.</source>
        <translation>此任务还没有试用页面。</translation>
    </message>
    <message>
        <source>{run}: its latest checkpoint is loaded when you ask</source>
        <translation>{run}：提问时会加载它最新的检查点</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>还没有运行</translation>
    </message>
    <message>
        <source>Start a run, or open one in the Runs list, to try its model.</source>
        <translation>开始一次运行，或在“运行”列表中打开一个，来试用它的模型。</translation>
    </message>
    <message>
        <source>Loading {run} …</source>
        <translation>正在加载 {run} …</translation>
    </message>
    <message>
        <source>no ONNX export yet</source>
        <translation>还没有 ONNX 导出</translation>
    </message>
    <message>
        <source>ONNX export of {checkpoint}</source>
        <translation>{checkpoint} 的 ONNX 导出</translation>
    </message>
    <message>
        <source> (an older checkpoint: press Export for the latest)</source>
        <translation>（较旧的检查点：按“导出”获取最新的）</translation>
    </message>
    <message>
        <source>Could not load the run: {why}</source>
        <translation>无法加载运行：{why}</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>无法加载模型</translation>
    </message>
    <message>
        <source>{run} has no ONNX export yet</source>
        <translation>{run} 还没有 ONNX 导出</translation>
    </message>
    <message>
        <source>. Export it now (a few seconds)?</source>
        <translation>。现在导出吗（需要几秒钟）？</translation>
    </message>
    <message>
        <source>Export first?</source>
        <translation>先导出？</translation>
    </message>
    <message>
        <source>Cannot answer that</source>
        <translation>无法回答</translation>
    </message>
    <message>
        <source>The model could not answer ({kind}: {error}).</source>
        <translation>模型无法回答（{kind}：{error}）。</translation>
    </message>
    <message>
        <source>the export could not be loaded: {error}</source>
        <translation>无法加载导出：{error}</translation>
    </message>
</context>
<context>
    <name>PolicyView</name>
    <message>
        <source>(end)</source>
        <translation>（结束）</translation>
    </message>
    <message>
        <source>Colour: how often an episode started in the cell reaches the goal within {steps} moves</source>
        <translation>颜色：从该格子出发的回合在 {steps} 步内到达终点的频率</translation>
    </message>
    <message>
        <source>Cell [{row}, {column}]</source>
        <translation>格子 [{row}, {column}]</translation>
    </message>
    <message>
        <source>a wall drawn by hand</source>
        <translation>手绘的墙</translation>
    </message>
    <message>
        <source>(click to take it away)</source>
        <translation>（点击可移除）</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>Started here, the agent reaches the goal in {percent} of episodes (within {steps} moves)</source>
        <translation>从这里出发，智能体在 {percent} 的回合中到达终点（{steps} 步以内）</translation>
    </message>
    <message>
        <source>Click to put a wall here</source>
        <translation>点击在这里放一堵墙</translation>
    </message>
    <message>
        <source>0% (never)</source>
        <translation>0%（从不）</translation>
    </message>
    <message>
        <source>100% (always)</source>
        <translation>100%（总是）</translation>
    </message>
    <message>
        <source>{prompt} → {answer}    P(right answer) = {p}</source>
        <translation>{prompt} → {answer}    P(正确答案) = {p}</translation>
    </message>
    <message>
        <source>token {number}: {token}</source>
        <translation>第 {number} 个词元：{token}</translation>
    </message>
    <message>
        <source>{image}: a {label}</source>
        <translation>{image}：{label}</translation>
    </message>
    <message>
        <source>wall</source>
        <translation>墙</translation>
    </message>
    <message>
        <source>goal</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>lava</source>
        <translation>岩浆</translation>
    </message>
    <message>
        <source>key</source>
        <translation>钥匙</translation>
    </message>
    <message>
        <source>door</source>
        <translation>门</translation>
    </message>
    <message>
        <source>Drag back to see the policy at an earlier step</source>
        <translation>向回拖动，查看较早某一步的策略</translation>
    </message>
    <message>
        <source>Snapshot:</source>
        <translation>快照：</translation>
    </message>
    <message>
        <source>The grid is fixed once a run has started: its walls are part of the run&apos;s settings. Pick the preset again to draw walls for a new run.</source>
        <translation>运行开始后网格就固定了：它的墙是这次运行设置的一部分。重新选择该预设，即可为新的运行画墙。</translation>
    </message>
    <message>
        <source>This wall is part of the grid; only walls drawn by hand can be taken away.</source>
        <translation>这堵墙属于网格本身；只有手绘的墙可以移除。</translation>
    </message>
    <message>
        <source>Walls go on empty cells only.</source>
        <translation>墙只能放在空格子上。</translation>
    </message>
    <message>
        <source>Walls drawn by hand: {count}. They are in the settings (task.walls); Start trains with them.</source>
        <translation>手绘的墙：{count} 堵。它们已写入设置（task.walls）；按“开始”即带着它们训练。</translation>
    </message>
    <message>
        <source>step {step} ({number} of {count})</source>
        <translation>第 {step} 步（第 {number} 个，共 {count} 个）</translation>
    </message>
    <message>
        <source>The policy&apos;s picture appears here when a run starts: what it does on a few fixed held-out inputs, taken before training and every few steps (Settings: Run, Policy snapshot every).</source>
        <translation>运行开始后，这里会显示策略的图景：它在几个固定的留出输入上怎么做，训练前拍一次，之后每隔几步拍一次（设置：运行，策略快照间隔）。</translation>
    </message>
    <message>
        <source>{grid}: the grid the policy&apos;s pictures will be taken on. The blue square is the start.</source>
        <translation>{grid}：策略图将在这个网格上绘制。蓝色方块是起点。</translation>
    </message>
    <message>
        <source>Click a cell to put a wall there (drawn hatched), click it again to take it away; then press Start.</source>
        <translation>点击一个格子在那里放一堵墙（画成斜线），再点一次将其移除；然后按“开始”。</translation>
    </message>
    <message>
        <source>Click a cell to put a wall there, click it again to take it away; then press Start.</source>
        <translation type="vanished">点击一个格子在那里放一堵墙，再点一次将其移除；然后按“开始”。</translation>
    </message>
    <message>
        <source>{grid}: a cell&apos;s colour is how often the agent, starting there, reaches the goal (the scale below; hold the mouse on a cell for the number). The arrows are its probabilities of moving up, right, down or left (the ring marks 25%, all four alike). The red dot walks its likeliest moves from the start (the blue square).</source>
        <translation>{grid}：格子的颜色表示智能体从那里出发到达终点的频率（见下方色标；鼠标停在格子上可看到数字）。箭头是它向上、右、下、左移动的概率（圆环标出 25%，即四个方向相同）。红点从起点（蓝色方块）出发，每步走它最可能的方向。</translation>
    </message>
    <message>
        <source>With walls drawn, {percent} of the training episodes are played on this grid.</source>
        <translation>画了墙之后，{percent} 的训练回合在这个网格上进行。</translation>
    </message>
    <message>
        <source>The agent never trains on this grid: what it does here, it learned on other grids.</source>
        <translation>智能体从不在这个网格上训练：它在这里的表现，是在其他网格上学到的。</translation>
    </message>
    <message>
        <source>{grid}: a cell&apos;s colour is how often the agent, starting there, reaches the goal (the scale below; hold the mouse on a cell for the number). The arrows are its probabilities of moving up, right, down or left (the ring marks 25%, all four alike). The red dot walks its likeliest moves from the start (the blue square). The agent never trains on this grid.</source>
        <translation type="vanished">{grid}：格子的颜色表示智能体从那里出发到达终点的频率（见下方色标；鼠标停在格子上可看到数字）。箭头是它向上、右、下、左移动的概率（圆环标出 25%，即四个方向相同）。红点从起点（蓝色方块）出发，每步走它最可能的方向。智能体从不在这个网格上训练。</translation>
    </message>
    <message>
        <source>{grid}: in every cell the agent could stand on, the arrows are the policy&apos;s probabilities of moving up, right, down or left from there (the ring marks 25%, all four alike). The blue square is the start.</source>
        <translation>{grid}：在智能体可以站立的每个格子里，箭头表示策略从那里向上、右、下、左移动的概率（圆环标出 25%，即四个方向相同）。蓝色方块是起点。</translation>
    </message>
    <message>
        <source>For each fixed held-out prompt, at each token of the right answer (the answer so far given), the tokens the policy finds likeliest next; green is the right one.</source>
        <translation>对每个固定的留出提示，在正确答案的每个词元处（给定到此为止的答案），列出策略认为最可能的下一个词元；绿色的是正确的。</translation>
    </message>
    <message>
        <source>For a few held-out images, each label&apos;s probability; green is the right one.</source>
        <translation>对几张留出图片，显示每个标签的概率；绿色的是正确的。</translation>
    </message>
    <message>
        <source>Paused: the picture stays as it is; drag the slider to look back.</source>
        <translation>已暂停：图景保持不变；拖动滑块可回看。</translation>
    </message>
    <message>
        <source>An earlier snapshot: drag the slider to the end to follow the run.</source>
        <translation>这是较早的快照：把滑块拖到最右端即可跟随运行。</translation>
    </message>
</context>
<context>
    <name>Presentation</name>
    <message>
        <source>Larger text</source>
        <translation>放大文字</translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation>缩小文字</translation>
    </message>
    <message>
        <source>Normal text size</source>
        <translation>正常文字大小</translation>
    </message>
    <message>
        <source>High-contrast theme</source>
        <translation>高对比度主题</translation>
    </message>
</context>
<context>
    <name>PresetCard</name>
    <message>
        <source>{task} · {arch} · {layers} · {params} parameters · ~{memory} peak training memory (estimate)</source>
        <translation>{task} · {arch} · {layers} · {params} 参数 · 训练峰值内存约 {memory}（估计）</translation>
    </message>
    <message>
        <source>About a minute on a 2-core laptop CPU</source>
        <translation>在双核笔记本 CPU 上约一分钟</translation>
    </message>
    <message>
        <source>About {n} minutes on a 2-core laptop CPU</source>
        <translation>在双核笔记本 CPU 上约 {n} 分钟</translation>
    </message>
    <message>
        <source>Cannot be loaded: {error}</source>
        <translation>无法加载：{error}</translation>
    </message>
    <message>
        <source>⚠ Its warm start is missing: {problem}</source>
        <translation>⚠ 缺少它的热启动文件：{problem}</translation>
    </message>
    <message>
        <source>counting parameters…</source>
        <translation>正在统计参数…</translation>
    </message>
    <message>
        <source>Use this preset</source>
        <translation>使用此预设</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>使用中</translation>
    </message>
    <message>
        <source>Could not build this preset: {message}</source>
        <translation>无法构建此预设：{message}</translation>
    </message>
</context>
<context>
    <name>PresetGallery</name>
    <message>
        <source>Open preset file…</source>
        <translation>打开预设文件…</translation>
    </message>
    <message>
        <source>Load a preset YAML file (e.g. one saved with &apos;Save as preset&apos;)</source>
        <translation>加载一个预设 YAML 文件（例如用“另存为预设”保存的文件）</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Lessons for a class</source>
        <translation>课堂用的课程</translation>
    </message>
    <message>
        <source>My lessons</source>
        <translation>我的课程</translation>
    </message>
    <message>
        <source>Open preset</source>
        <translation>打开预设</translation>
    </message>
    <message>
        <source>Preset files (*.yaml *.yml);;All files (*)</source>
        <translation>预设文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>PresetTags</name>
    <message>
        <source>arithmetic</source>
        <translation>算术</translation>
    </message>
    <message>
        <source>strings</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>translation</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>gridworld</source>
        <translation>网格世界</translation>
    </message>
    <message>
        <source>shapes</source>
        <translation>图形</translation>
    </message>
    <message>
        <source>own_text</source>
        <translation>自己的文本</translation>
    </message>
    <message>
        <source>micro-gpt</source>
        <translation>微型 GPT</translation>
    </message>
    <message>
        <source>tiny-transformer</source>
        <translation>微型 Transformer</translation>
    </message>
    <message>
        <source>lite-resnet</source>
        <translation>轻量 ResNet</translation>
    </message>
</context>
<context>
    <name>RewardLab</name>
    <message>
        <source>Exact answer</source>
        <translation>答案完全一致</translation>
    </message>
    <message>
        <source>One of these answers</source>
        <translation>属于这些答案之一</translation>
    </message>
    <message>
        <source>A number within a tolerance</source>
        <translation>数字在容差之内</translation>
    </message>
    <message>
        <source>Contains a text</source>
        <translation>包含某段文字</translation>
    </message>
    <message>
        <source>Matches a pattern somewhere</source>
        <translation>某处匹配一个模式</translation>
    </message>
    <message>
        <source>Whole text has a format</source>
        <translation>整段文字符合格式</translation>
    </message>
    <message>
        <source>Similar to the answer</source>
        <translation>与答案相似</translation>
    </message>
    <message>
        <source>Length within a range</source>
        <translation>长度在范围之内</translation>
    </message>
    <message>
        <source>My own function (Python)</source>
        <translation>我自己的函数（Python）</translation>
    </message>
    <message>
        <source>Ignore case</source>
        <translation>忽略大小写</translation>
    </message>
    <message>
        <source>1 when the completion is one of the prompt&apos;s answers, else 0</source>
        <translation>补全是该提示的答案之一时得 1，否则得 0</translation>
    </message>
    <message>
        <source>Upper and lower case count as the same</source>
        <translation>大写和小写视为相同</translation>
    </message>
    <message>
        <source>Ignore punctuation at the ends</source>
        <translation>忽略两端的标点和空格</translation>
    </message>
    <message>
        <source>Spaces, punctuation and symbols before and after the text do not count</source>
        <translation>文字前后的空格、标点和符号不计</translation>
    </message>
    <message>
        <source>1 when the completion is one of the answers listed here, for any prompt</source>
        <translation>补全是这里列出的答案之一时得 1，不论是哪个提示</translation>
    </message>
    <message>
        <source>Answers (separated by |)</source>
        <translation>答案（用 | 分隔）</translation>
    </message>
    <message>
        <source>The answers that score 1, whatever the prompt (e.g. yes | no)</source>
        <translation>得 1 的答案，不论是哪个提示（例如 是 | 否）</translation>
    </message>
    <message>
        <source>1 when the first number in the completion is within the tolerance of the answer&apos;s</source>
        <translation>补全中的第一个数与答案中的数相差不超过容差时得 1</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>容差</translation>
    </message>
    <message>
        <source>How far from the answer&apos;s number still scores 1</source>
        <translation>与答案中的数相差多少仍然得 1</translation>
    </message>
    <message>
        <source>Tolerance as a share of the answer</source>
        <translation>容差按答案的比例计算</translation>
    </message>
    <message>
        <source>The tolerance is a share of the answer&apos;s number: 0.05 is within 5%</source>
        <translation>容差按答案中的数的比例计算：0.05 即相差 5% 以内</translation>
    </message>
    <message>
        <source>1 when the completion holds the text somewhere</source>
        <translation>补全中某处含有这段文字时得 1</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>The text to look for</source>
        <translation>要查找的文字</translation>
    </message>
    <message>
        <source>1 when the pattern matches somewhere in the completion</source>
        <translation>模式在补全中某处匹配时得 1</translation>
    </message>
    <message>
        <source>Pattern (regular expression)</source>
        <translation>模式（正则表达式）</translation>
    </message>
    <message>
        <source>A regular expression in Python&apos;s syntax, matched with a time limit</source>
        <translation>Python 语法的正则表达式，匹配时有时间限制</translation>
    </message>
    <message>
        <source>1 when the whole completion, spaces around it aside, matches the pattern</source>
        <translation>整个补全（两端的空格除外）匹配模式时得 1</translation>
    </message>
    <message>
        <source>From 0 to 1, how close the completion is to the nearest answer</source>
        <translation>补全与最接近的答案有多接近，从 0 到 1</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>chrf: shared character n-grams (chrF); edit: 1 - edits / the longer length</source>
        <translation>chrf：共有的字符 n 元组（chrF）；edit：1 - 编辑次数 / 较长的长度</translation>
    </message>
    <message>
        <source>chrF beta (weight of recall)</source>
        <translation>chrF beta（召回率的权重）</translation>
    </message>
    <message>
        <source>How much more recall counts than precision in chrF: 1 as much, 2 twice</source>
        <translation>chrF 中召回率比精确率重多少：1 为一样重，2 为两倍</translation>
    </message>
    <message>
        <source>1 when the completion has between the fewest and the most characters</source>
        <translation>补全的字符数在最少和最多之间时得 1</translation>
    </message>
    <message>
        <source>Fewest characters</source>
        <translation>最少字符数</translation>
    </message>
    <message>
        <source>The shortest that scores 1</source>
        <translation>得 1 的最短长度</translation>
    </message>
    <message>
        <source>Most characters</source>
        <translation>最多字符数</translation>
    </message>
    <message>
        <source>The longest that scores 1 (none: any)</source>
        <translation>得 1 的最长长度（不限：任意长度）</translation>
    </message>
    <message>
        <source>Your Python function scores the completions; it runs only once you allow it</source>
        <translation>你的 Python 函数为补全打分；只有在你允许之后才会运行</translation>
    </message>
    <message>
        <source>Function (module:function)</source>
        <translation>函数（模块:函数）</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Take this check out of the reward</source>
        <translation>把这项检查从奖励中去掉</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Allow it to run…</source>
        <translation>允许运行…</translation>
    </message>
    <message>
        <source>Your function is Python code: it runs only if you agree</source>
        <translation>你的函数是 Python 代码：只有你同意后才会运行</translation>
    </message>
    <message>
        <source>Your function failed: {error}</source>
        <translation>你的函数出错了：{error}</translation>
    </message>
    <message>
        <source>Not run: your own code runs only once you allow it.</source>
        <translation>未运行：你自己的代码只有在你允许后才会运行。</translation>
    </message>
    <message>
        <source>Allowed: your function scores the completions.</source>
        <translation>已允许：你的函数为这些补全打分。</translation>
    </message>
    <message>
        <source>Reward checks</source>
        <translation>奖励检查</translation>
    </message>
    <message>
        <source>The kind of check to add</source>
        <translation>要添加的检查类型</translation>
    </message>
    <message>
        <source>Add check</source>
        <translation>添加检查</translation>
    </message>
    <message>
        <source>A group to try</source>
        <translation>试一组补全</translation>
    </message>
    <message>
        <source>Type a prompt, or pick one of the data&apos;s</source>
        <translation>输入一个提示，或从数据中选一个</translation>
    </message>
    <message>
        <source>From the data</source>
        <translation>从数据中选</translation>
    </message>
    <message>
        <source>Offer the prompts of the data the settings name</source>
        <translation>列出设置所指数据中的提示</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>acceptable answers, separated by |; empty: none</source>
        <translation>可接受的答案，用 | 分隔；留空表示没有</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>one completion per line</source>
        <translation>每行一个补全</translation>
    </message>
    <message>
        <source>Completions</source>
        <translation>补全</translation>
    </message>
    <message>
        <source>Sample a group from the run&apos;s model</source>
        <translation>从本次运行的模型采样一组</translation>
    </message>
    <message>
        <source>The run&apos;s latest checkpoint writes a group for the prompt, as GRPO samples (grpo.num_generations at grpo.temperature); it replaces the completions</source>
        <translation>用本次运行最新的检查点为这个提示写一组补全，与 GRPO 采样方式相同（grpo.num_generations 个，温度 grpo.temperature）；它会替换现有的补全</translation>
    </message>
    <message>
        <source>Engineer&apos;s terms</source>
        <translation>工程术语</translation>
    </message>
    <message>
        <source>Word the numbers as papers and code do (mean, std, A)</source>
        <translation>用论文和代码里的说法表述这些数字（mean、std、A）</translation>
    </message>
    <message>
        <source>The reward of the settings (task.rewards): edits go into them.</source>
        <translation>这是设置中的奖励（task.rewards）：修改会写回设置。</translation>
    </message>
    <message>
        <source>The task {task} has its reward built in: these checks are for trying only. Pick the preset &quot;Your own text&quot; to train with them.</source>
        <translation>任务 {task} 的奖励是内置的：这里的检查仅供试用。要用它们训练，请选择预设“你自己的文本”。</translation>
    </message>
    <message>
        <source>Could not read the data: {message}</source>
        <translation>无法读取数据：{message}</translation>
    </message>
    <message>
        <source>Type or pick a prompt first.</source>
        <translation>请先输入或选择一个提示。</translation>
    </message>
    <message>
        <source>Sampling a group from the run&apos;s model…</source>
        <translation>正在从本次运行的模型采样一组…</translation>
    </message>
    <message>
        <source>{count} completions sampled from the run&apos;s model.</source>
        <translation>已从本次运行的模型采样 {count} 个补全。</translation>
    </message>
    <message>
        <source>Could not sample from the run&apos;s model: {message}</source>
        <translation>无法从本次运行的模型采样：{message}</translation>
    </message>
    <message>
        <source>Every completion scores the same ({reward}): GRPO gets no signal from this group, every advantage is 0.</source>
        <translation>每个补全得分都一样（{reward}）：GRPO 从这一组得不到任何信号，每个优势都是 0。</translation>
    </message>
    <message>
        <source>The check {name} is 0 for every completion: it cannot tell them apart.</source>
        <translation>检查 {name} 对每个补全都是 0：它无法区分它们。</translation>
    </message>
    <message>
        <source>The check {name} is your own code and has not run: the totals leave it out until you allow it.</source>
        <translation>检查 {name} 是你自己的代码，尚未运行：在你允许之前，总分不计入它。</translation>
    </message>
    <message>
        <source>Fix the check above to see the numbers.</source>
        <translation>修正上面的检查后即可看到数字。</translation>
    </message>
    <message>
        <source>Type candidate completions, one per line, to see how GRPO scores them.</source>
        <translation>输入候选补全（每行一个），看看 GRPO 如何为它们打分。</translation>
    </message>
    <message>
        <source>completions</source>
        <translation>补全</translation>
    </message>
    <message>
        <source>Your completions, scored as a GRPO step scores the model&apos;s samples:</source>
        <translation>你的补全，按 GRPO 一步为模型样本打分的方式打分：</translation>
    </message>
    <message>
        <source>Takes (prompts, completions, references), gives one score each</source>
        <translation>接收（提示、补全、参考答案），为每个补全给出一个分数</translation>
    </message>
</context>
<context>
    <name>RewardParts</name>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分正确</translation>
    </message>
    <message>
        <source>chrf</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>bleu</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>return</source>
        <translation>回报</translation>
    </message>
    <message>
        <source>user</source>
        <translation>你的奖励</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>完全一致</translation>
    </message>
    <message>
        <source>one_of</source>
        <translation>任一答案</translation>
    </message>
    <message>
        <source>number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>contains</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>regex</source>
        <translation>正则匹配</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>function</source>
        <translation>函数</translation>
    </message>
</context>
<context>
    <name>RunSession</name>
    <message>
        <source>Closing: the run is stopping and writing its checkpoint…</source>
        <translation>正在关闭：运行正在停止并写入检查点…</translation>
    </message>
    <message>
        <source>Continue it</source>
        <translation>继续它</translation>
    </message>
    <message>
        <source>Continue the stopped run?</source>
        <translation>继续已停止的运行？</translation>
    </message>
    <message>
        <source>The last run stopped at step {step}. Continue it from its checkpoint, or start a new run from step 0 with the settings shown?</source>
        <translation>上一次运行停在第 {step} 步。要从它的检查点继续，还是用当前显示的设置从第 0 步开始新的运行？</translation>
    </message>
    <message>
        <source>Start a new run</source>
        <translation>开始新的运行</translation>
    </message>
    <message>
        <source>Cannot start</source>
        <translation>无法开始</translation>
    </message>
    <message>
        <source>starting {name}</source>
        <translation>正在开始 {name}</translation>
    </message>
    <message>
        <source>This run has not finished. Stop it (a checkpoint is written) and start again from step 0 with the same settings?</source>
        <translation>这次运行还没有结束。要停止它（会写入检查点），并用相同的设置从第 0 步重新开始吗？</translation>
    </message>
    <message>
        <source>Reset the run?</source>
        <translation>重置运行？</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>有运行正在进行</translation>
    </message>
    <message>
        <source>Stop the current run first.</source>
        <translation>请先停止当前的运行。</translation>
    </message>
    <message>
        <source>Cannot run this experiment</source>
        <translation>无法运行这个实验</translation>
    </message>
    <message>
        <source>starting an experiment with {name}: {variants}</source>
        <translation>开始用 {name} 做实验：{variants}</translation>
    </message>
    <message>
        <source>Cannot continue this run</source>
        <translation>无法继续这次运行</translation>
    </message>
    <message>
        <source>This run has finished</source>
        <translation>这次运行已经完成</translation>
    </message>
    <message>
        <source>{run} trained all its stages (step {step}); there is nothing left to continue. To train longer, raise the stages&apos; steps in Settings and start a new run.</source>
        <translation>{run} 已训练完所有阶段（第 {step} 步），没有可继续的了。要训练更久，请在“设置”中调高各阶段的步数，然后开始新的运行。</translation>
    </message>
    <message>
        <source>continuing {run}</source>
        <translation>正在继续 {run}</translation>
    </message>
    <message>
        <source>Run: {run} ({n} records)</source>
        <translation>运行：{run}（{n} 条记录）</translation>
    </message>
    <message>
        <source>GRPO starts: paused before its first step. Step takes one GRPO step (the Explain step tab walks through it); Resume trains on.</source>
        <translation>GRPO 开始了：已在它的第一步之前暂停。“单步”走一个 GRPO 步（“讲解这一步”标签页会逐项讲解）；“继续”则接着训练。</translation>
    </message>
    <message>
        <source>Training — run folder {run}</source>
        <translation>训练中 — 运行文件夹 {run}</translation>
    </message>
    <message>
        <source>Training stopped with an error</source>
        <translation>训练因错误而停止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>step limit</source>
        <translation>达到步数上限</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>被中断</translation>
    </message>
    <message>
        <source>Run ended ({reason}) — {run}</source>
        <translation>运行结束（{reason}）— {run}</translation>
    </message>
    <message>
        <source>export failed: {message}</source>
        <translation>导出失败：{message}</translation>
    </message>
    <message>
        <source>Training is running. Stop it (a checkpoint is written) and close?</source>
        <translation>训练正在进行。要停止它（会写入检查点）并关闭吗？</translation>
    </message>
    <message>
        <source>Stop training?</source>
        <translation>停止训练？</translation>
    </message>
    <message>
        <source>closing: stopping the run and writing its checkpoint</source>
        <translation>正在关闭：停止运行并写入检查点</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <source>step {step} of {total}</source>
        <translation>第 {step} 步，共 {total} 步</translation>
    </message>
    <message>
        <source>no steps yet</source>
        <translation>还没有步</translation>
    </message>
    <message>
        <source>unfinished (resumable)</source>
        <translation>未完成（可继续）</translation>
    </message>
    <message>
        <source>eval {metric} {value:.3g}</source>
        <translation>评估 {metric} {value:.3g}</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Show this run&apos;s charts</source>
        <translation>显示这次运行的图表</translation>
    </message>
    <message>
        <source>Continue training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <source>Train on from its last checkpoint (a run stopped before its end)</source>
        <translation>从它最后的检查点接着训练（用于提前停止的运行）</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>叠加</translation>
    </message>
    <message>
        <source>Draw its curves dashed over the charts on screen</source>
        <translation>把它的曲线以虚线叠加到当前图表上</translation>
    </message>
    <message>
        <source>Clear overlay</source>
        <translation>清除叠加</translation>
    </message>
    <message>
        <source>Remove the dashed curves</source>
        <translation>移除虚线曲线</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Look for runs again</source>
        <translation>重新查找运行</translation>
    </message>
    <message>
        <source>Training now: {who}</source>
        <translation>正在训练：{who}</translation>
    </message>
    <message>
        <source>training here</source>
        <translation>在本窗口训练</translation>
    </message>
    <message>
        <source>training elsewhere</source>
        <translation>在别处训练</translation>
    </message>
    <message>
        <source>This run is training elsewhere</source>
        <translation>这次运行正在别处训练</translation>
    </message>
    <message>
        <source>{run} is being trained by {who}. It can be continued here once that run has ended.</source>
        <translation>{run} 正由 {who} 训练。那次运行结束后，可以在这里继续。</translation>
    </message>
</context>
<context>
    <name>SamplesPanel</name>
    <message>
        <source>Prompt:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <source>Reference:</source>
        <translation>参考：</translation>
    </message>
    <message>
        <source>all rewards equal: no learning signal</source>
        <translation>奖励全部相同：没有学习信号</translation>
    </message>
    <message>
        <source>Explain this group</source>
        <translation>讲解这一组</translation>
    </message>
    <message>
        <source>reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>advantage</source>
        <translation>优势</translation>
    </message>
    <message>
        <source>Sampled groups appear here once GRPO starts.</source>
        <translation>GRPO 开始后，采样出的组会显示在这里。</translation>
    </message>
    <message>
        <source>Step {step} — {groups} groups</source>
        <translation>第 {step} 步 — {groups} 组</translation>
    </message>
    <message>
        <source>completion</source>
        <translation>补全</translation>
    </message>
</context>
<context>
    <name>ServeControl</name>
    <message>
        <source>Serve</source>
        <translation>提供服务</translation>
    </message>
    <message>
        <source>Answer translation requests from programs on this computer (LibreTranslate clients, Mastodon) with this run&apos;s model</source>
        <translation>用这个运行的模型回答本机程序（LibreTranslate 客户端、Mastodon）的翻译请求</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>还没有运行</translation>
    </message>
    <message>
        <source>Start a run, or open one in the Runs list, to serve its model.</source>
        <translation>先开始一个运行，或在运行列表中打开一个，才能为它的模型提供服务。</translation>
    </message>
    <message>
        <source>Starting the server for {run} …</source>
        <translation>正在为 {run} 启动服务器…</translation>
    </message>
    <message>
        <source>Stop serving</source>
        <translation>停止服务</translation>
    </message>
    <message>
        <source>{run} at {url}</source>
        <translation>{run} 在 {url}</translation>
    </message>
    <message>
        <source>Give this address to a LibreTranslate client as its URL; the studio&apos;s own endpoint is {url}/studio/translate</source>
        <translation>把这个地址作为网址填入 LibreTranslate 客户端；工作室自己的接口是 {url}/studio/translate</translation>
    </message>
    <message>
        <source>Cannot serve the run</source>
        <translation>无法为这个运行提供服务</translation>
    </message>
    <message>
        <source>Stopping the server …</source>
        <translation>正在停止服务器…</translation>
    </message>
    <message>
        <source>Cannot stop the server</source>
        <translation>无法停止服务器</translation>
    </message>
</context>
<context>
    <name>SettingsForm</name>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Stage 1: supervised warm-up</source>
        <translation>阶段 1：监督预热</translation>
    </message>
    <message>
        <source>Stage 2: GRPO</source>
        <translation>阶段 2：GRPO</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Curriculum</source>
        <translation>课程学习</translation>
    </message>
    <message>
        <source>Learning from a bigger model</source>
        <translation>向更大的模型学习</translation>
    </message>
    <message>
        <source>Sparsity (pruning)</source>
        <translation>稀疏化（剪枝）</translation>
    </message>
    <message>
        <source>Run folder and reporting</source>
        <translation>运行文件夹与报告</translation>
    </message>
    <message>
        <source>Lesson view</source>
        <translation>课程视图</translation>
    </message>
    <message>
        <source>A run is training: changes apply to the next run.</source>
        <translation>有运行正在训练：修改将用于下一次运行。</translation>
    </message>
    <message>
        <source>Show advanced settings</source>
        <translation>显示高级设置</translation>
    </message>
    <message>
        <source>Lesson mode: tick what the class sees</source>
        <translation>课程模式：勾选学生能看到的内容</translation>
    </message>
    <message>
        <source>Every setting gets a &apos;show&apos; box: untick the ones the class should not see, write the lesson&apos;s text under Lesson view, then File &gt; Save as lesson</source>
        <translation>每个设置旁都有“显示”勾选框：取消勾选不想让学生看到的项，在“课程视图”下写好课程文字，然后选择 文件 &gt; 另存为课程</translation>
    </message>
    <message>
        <source>Architecture &lt;b&gt;{arch}&lt;/b&gt;, task &lt;b&gt;{task}&lt;/b&gt;</source>
        <translation>架构 &lt;b&gt;{arch}&lt;/b&gt;，任务 &lt;b&gt;{task}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Show this setting to the class</source>
        <translation>向学生显示此设置</translation>
    </message>
</context>
<context>
    <name>SetupTabs</name>
    <message>
        <source>Save as preset…</source>
        <translation>另存为预设…</translation>
    </message>
    <message>
        <source>Write these settings to a YAML preset that reopens identically</source>
        <translation>把这些设置写入一个 YAML 预设，重新打开时完全一致</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>A setting is not valid</source>
        <translation>有一项设置无效</translation>
    </message>
    <message>
        <source>Save as preset</source>
        <translation>另存为预设</translation>
    </message>
    <message>
        <source>Preset (*.yaml)</source>
        <translation>预设 (*.yaml)</translation>
    </message>
    <message>
        <source>Save as lesson</source>
        <translation>另存为课程</translation>
    </message>
    <message>
        <source>Lesson (*.yaml)</source>
        <translation>课程 (*.yaml)</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>saved: {path}</source>
        <translation>已保存：{path}</translation>
    </message>
</context>
<context>
    <name>StageStrip</name>
    <message>
        <source>Supervised warm-up</source>
        <translation>监督预热</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>up to {steps} steps</source>
        <translation>最多 {steps} 步</translation>
    </message>
    <message>
        <source>ends early at {metric} ≥ {value}</source>
        <translation>{metric} ≥ {value} 时提前结束</translation>
    </message>
    <message>
        <source>or after {n} evaluations without a better {metric}</source>
        <translation>或连续 {n} 次评估{metric}未提升后结束</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>its settings could not be read</source>
        <translation>无法读取它的设置</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>ended at step {step}: {reason}</source>
        <translation>在第 {step} 步结束：{reason}</translation>
    </message>
    <message>
        <source>running · step {step}</source>
        <translation>运行中 · 第 {step} 步</translation>
    </message>
    <message>
        <source>stopped at step {step}</source>
        <translation>在第 {step} 步停止</translation>
    </message>
    <message>
        <source>step limit: stopped at step {step}</source>
        <translation>达到步数上限：在第 {step} 步停止</translation>
    </message>
    <message>
        <source>failed at step {step}</source>
        <translation>在第 {step} 步失败</translation>
    </message>
    <message>
        <source>interrupted at step {step}</source>
        <translation>在第 {step} 步被中断</translation>
    </message>
    <message>
        <source>ended at step {step}</source>
        <translation>在第 {step} 步结束</translation>
    </message>
</context>
<context>
    <name>TimeEstimateBox</name>
    <message>
        <source>Time on this machine: not measured yet</source>
        <translation>本机用时：尚未测量</translation>
    </message>
    <message>
        <source>e.g. 30 min (empty: no budget)</source>
        <translation>例如 30 min（留空：不设预算）</translation>
    </message>
    <message>
        <source>Fit the run into this much time: a short measurement before the first step plans the steps to fit (the steps you set stay as you set them), and the run ends at the budget if it overruns</source>
        <translation>让这次运行在此时间内完成：第一步之前的一次简短测量会规划步数以适应预算（您设置的步数保持不变）；若超时，运行会在预算用完时结束</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>估计</translation>
    </message>
    <message>
        <source>Measure a few steps of these settings on this machine</source>
        <translation>在本机上用这些设置测量几步</translation>
    </message>
    <message>
        <source>Time budget:</source>
        <translation>时间预算：</translation>
    </message>
    <message>
        <source>Time on this machine: measuring soon…</source>
        <translation>本机用时：即将测量…</translation>
    </message>
    <message>
        <source>Time on this machine: waits for valid settings ({reason})</source>
        <translation>本机用时：等待有效的设置（{reason}）</translation>
    </message>
    <message>
        <source>Time on this machine: measuring a few steps…</source>
        <translation>本机用时：正在测量几步…</translation>
    </message>
    <message>
        <source>Time on this machine: could not be measured ({reason})</source>
        <translation>本机用时：无法测量（{reason}）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <source>At most {time} on this machine (the warm-up can end early)</source>
        <translation>在本机上最多 {time}（预热可能提前结束）</translation>
    </message>
    <message>
        <source>About {time} on this machine</source>
        <translation>在本机上约 {time}</translation>
    </message>
    <message>
        <source>fewer warm-up steps would shorten it</source>
        <translation>减少预热步数可以缩短用时</translation>
    </message>
    <message>
        <source>fewer GRPO steps or a smaller group would shorten it</source>
        <translation>减少 GRPO 步数或缩小组大小可以缩短用时</translation>
    </message>
    <message>
        <source>a smaller eval.size or a larger eval.every would shorten it</source>
        <translation>减小 eval.size 或增大 eval.every 可以缩短用时</translation>
    </message>
    <message>
        <source>fewer checkpoints would shorten it</source>
        <translation>减少检查点可以缩短用时</translation>
    </message>
    <message>
        <source>The time budget shortens {path}: {old} → {new} steps</source>
        <translation>时间预算缩短了 {path}：{old} → {new} 步</translation>
    </message>
    <message>
        <source>The budget cannot fit all of it (the steps you set stay as set): the run ends when the time is up</source>
        <translation>预算容不下全部（您设置的步数保持不变）：时间用完时运行结束</translation>
    </message>
</context>
<context>
    <name>Tour</name>
    <message>
        <source>1. Pick a preset</source>
        <translation>1. 选择一个预设</translation>
    </message>
    <message>
        <source>Each card is a model and a task. The quick presets show GRPO learning within a minute on a laptop CPU.</source>
        <translation>每张卡片是一个模型加一个任务。快速预设在笔记本电脑 CPU 上一分钟内就能看到 GRPO 在学习。</translation>
    </message>
    <message>
        <source>2. Check the data</source>
        <translation>2. 检查数据</translation>
    </message>
    <message>
        <source>Use the built-in demo data, or your own file: Check data shows what was read, which column is which, and what was skipped.</source>
        <translation>使用内置演示数据或你自己的文件：“检查数据”会显示读到了什么、哪一列是什么，以及跳过了什么。</translation>
    </message>
    <message>
        <source>3. Press Start (F5)</source>
        <translation>3. 按“开始”（F5）</translation>
    </message>
    <message>
        <source>Training runs beside the window: watch the reward rise on the Charts tab, and the sampled groups on the Samples tab. Pause and Step let you look at one step at a time.</source>
        <translation>训练在窗口旁运行：在“图表”页看奖励上升，在“样本”页看采样出的组。“暂停”和“单步”让你一次只看一步。</translation>
    </message>
    <message>
        <source>Don&apos;t show again</source>
        <translation>不再显示</translation>
    </message>
    <message>
        <source>{n} of {total}</source>
        <translation>{n} / {total}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>TrainerWorker</name>
    <message>
        <source>training failed: {message}</source>
        <translation>训练失败：{message}</translation>
    </message>
</context>
<context>
    <name>TranslationDataPart</name>
    <message>
        <source>Back-translate sentences in the target language:</source>
        <translation>回译目标语言的句子：</translation>
    </message>
    <message>
        <source>A reverse model turns them into synthetic pairs for the warm-up (task.back_translation)</source>
        <translation>由一个反向模型把它们变成合成句对，用于预热（task.back_translation）</translation>
    </message>
    <message>
        <source>a text file, one sentence a line</source>
        <translation>一个文本文件，每行一句</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Choose a file of target-language sentences</source>
        <translation>选择目标语言句子文件</translation>
    </message>
</context>
<context>
    <name>TranslationPage</name>
    <message>
        <source>A sentence in the source language</source>
        <translation>一句源语言的句子</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>beam</source>
        <translation>束搜索</translation>
    </message>
    <message>
        <source>beam </source>
        <translation>束宽 </translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>A run starts with the decoding its test figures were measured with (eval.test_decoding); a beam search scores higher, in more time</source>
        <translation>每个运行开始时按测得其测试成绩的解码方式翻译（eval.test_decoding）；束搜索得分更高，但更费时间</translation>
    </message>
    <message>
        <source>A beam search takes 2 to {most} beams</source>
        <translation>束搜索可用 2 到 {most} 个束</translation>
    </message>
    <message>
        <source>as trained</source>
        <translation>按训练方向</translation>
    </message>
    <message>
        <source>the other way</source>
        <translation>反方向</translation>
    </message>
    <message>
        <source>The other way needs a run trained both ways</source>
        <translation>反方向需要一次双向训练的运行</translation>
    </message>
    <message>
        <source>Translate as you type</source>
        <translation>边输入边翻译</translation>
    </message>
    <message>
        <source>A box for several sentences whose translation follows your typing</source>
        <translation>一个可输入多句的框，译文随你的输入更新</translation>
    </message>
    <message>
        <source>Nothing to translate</source>
        <translation>没有要翻译的内容</translation>
    </message>
    <message>
        <source>Type a sentence first.</source>
        <translation>请先输入一句话。</translation>
    </message>
    <message>
        <source>greedy (the ONNX runner decodes greedily only):</source>
        <translation>贪心（ONNX 运行器只支持贪心解码）：</translation>
    </message>
    <message>
        <source>This run translates one way only; train with task.both_directions.</source>
        <translation>这次运行只能单向翻译；请用 task.both_directions 训练。</translation>
    </message>
    <message>
        <source>One way only</source>
        <translation>仅单向</translation>
    </message>
</context>
<context>
    <name>config</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Display name of the preset</source>
        <translation>预设的显示名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>One line on what this preset trains</source>
        <translation>用一行话说明这个预设训练什么</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Settings you gave</source>
        <translation>你给定的设置</translation>
    </message>
    <message>
        <source>The settings you gave (on the command line, in the window&apos;s form or in your own preset file), as dotted paths: fitting to your data or to a memory budget leaves them as you set them. The studio writes this record</source>
        <translation>你给定的设置（在命令行、窗口的表单或你自己的预设文件中），以点分路径记录：按你的数据或内存预算调整设置时，这些保持你设的值。此记录由工作室写入</translation>
    </message>
    <message>
        <source>My file or folder</source>
        <translation>我的文件或文件夹</translation>
    </message>
    <message>
        <source>The user&apos;s data file or folder; empty uses the built-in demo data</source>
        <translation>用户的数据文件或文件夹；留空则使用内置演示数据</translation>
    </message>
    <message>
        <source>Longest example (tokens)</source>
        <translation>最长样例（词元）</translation>
    </message>
    <message>
        <source>Longest example kept, in tokens (longer ones are skipped)</source>
        <translation>保留的最长样例，以词元计（更长的会被跳过）</translation>
    </message>
    <message>
        <source>Source-side noise</source>
        <translation>源端噪声</translation>
    </message>
    <message>
        <source>Source-side noise during warm-up (token dropout and swaps)</source>
        <translation>预热期间的源端噪声（随机丢弃和交换词元）</translation>
    </message>
    <message>
        <source>Validation share</source>
        <translation>验证集比例</translation>
    </message>
    <message>
        <source>Share of the data held out for validation</source>
        <translation>留作验证的数据比例</translation>
    </message>
    <message>
        <source>Test share</source>
        <translation>测试集比例</translation>
    </message>
    <message>
        <source>Share of the data held out for the final test</source>
        <translation>留作最终测试的数据比例</translation>
    </message>
    <message>
        <source>Split seed</source>
        <translation>划分种子</translation>
    </message>
    <message>
        <source>Seed of the train/valid/test split (fixed so runs compare)</source>
        <translation>训练/验证/测试划分的随机种子（固定，便于比较各次运行）</translation>
    </message>
    <message>
        <source>Most unusable data</source>
        <translation>不可用数据上限</translation>
    </message>
    <message>
        <source>Stop before training when more than this share of your data cannot be used (lines malformed, empty or too long; images unreadable); the load report says which</source>
        <translation>如果数据中无法使用的部分超过这个比例（行格式错误、为空或过长；图片无法读取），就在训练前停止；加载报告会列出是哪些</translation>
    </message>
    <message>
        <source>Group size (G)</source>
        <translation>组大小 (G)</translation>
    </message>
    <message>
        <source>G: completions sampled per prompt (the group)</source>
        <translation>G：每个提示采样的补全数（即一个组）</translation>
    </message>
    <message>
        <source>Passes per batch (mu)</source>
        <translation>每批优化轮数 (mu)</translation>
    </message>
    <message>
        <source>mu: optimisation passes over each batch of samples</source>
        <translation>mu：对每批样本进行优化的轮数</translation>
    </message>
    <message>
        <source>KL weight (beta)</source>
        <translation>KL 权重 (beta)</translation>
    </message>
    <message>
        <source>Weight of the KL penalty to the reference model (0 skips it)</source>
        <translation>相对参考模型的 KL 惩罚的权重（0 表示不计算）</translation>
    </message>
    <message>
        <source>Clip range, low</source>
        <translation>裁剪范围下限</translation>
    </message>
    <message>
        <source>Lower clip range of the probability ratio</source>
        <translation>概率比的裁剪范围下限</translation>
    </message>
    <message>
        <source>Clip range, high</source>
        <translation>裁剪范围上限</translation>
    </message>
    <message>
        <source>Upper clip range (DAPO&apos;s clip-higher raises it)</source>
        <translation>裁剪范围上限（DAPO 的 clip-higher 会调高它）</translation>
    </message>
    <message>
        <source>Loss aggregation</source>
        <translation>损失聚合方式</translation>
    </message>
    <message>
        <source>grpo: mean per sequence; dr_grpo: sum/(N*T); dapo: mean over all tokens</source>
        <translation>grpo：先按序列求平均；dr_grpo：总和/(N*T)；dapo：对所有词元求平均</translation>
    </message>
    <message>
        <source>Advantage scaling</source>
        <translation>优势缩放</translation>
    </message>
    <message>
        <source>Divide advantages by the group&apos;s std, the batch&apos;s std, or not at all (Dr. GRPO)</source>
        <translation>优势除以组的标准差、批次的标准差，或者不除（Dr. GRPO）</translation>
    </message>
    <message>
        <source>Sampling temperature</source>
        <translation>采样温度</translation>
    </message>
    <message>
        <source>Sampling temperature of the rollouts</source>
        <translation>采样生成（rollout）时的温度</translation>
    </message>
    <message>
        <source>Temperature when unsure</source>
        <translation>策略没把握时的温度</translation>
    </message>
    <message>
        <source>When set, GRPO&apos;s first step measures how unsure the policy is of its words (its entropy at temperature 1); above 1.4 nats a sampled token GRPO samples at this temperature instead, and the run&apos;s config keeps the choice (empty: never)</source>
        <translation>设置后，GRPO 的第一步会测量策略对所选词有多没把握（温度 1 时的熵）；每个采样词元超过 1.4 nats 时，GRPO 改用这个温度采样，运行的配置会记下这个选择（留空：从不）</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Sample only from the k likeliest tokens (0: all)</source>
        <translation>只从概率最大的 k 个词元中采样（0：全部）</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Nucleus sampling mass: the likeliest tokens that hold this much (1: all; above 0)</source>
        <translation>核采样的概率质量：取概率最大、累计达到这个值的词元（1：全部；须大于 0）</translation>
    </message>
    <message>
        <source>Longest sample (tokens)</source>
        <translation>最长样本（词元）</translation>
    </message>
    <message>
        <source>Longest completion sampled</source>
        <translation>采样补全的最大长度</translation>
    </message>
    <message>
        <source>Ignore unfinished samples</source>
        <translation>忽略未完成的样本</translation>
    </message>
    <message>
        <source>Leave completions that never reached EOS out of the loss</source>
        <translation>没有生成到 EOS 的补全不计入损失</translation>
    </message>
    <message>
        <source>Reward weights</source>
        <translation>奖励权重</translation>
    </message>
    <message>
        <source>Weight per reward function by name (missing: the task&apos;s default)</source>
        <translation>按名称给每个奖励函数设权重（未写的：使用任务默认值）</translation>
    </message>
    <message>
        <source>Shuffle rewards (control)</source>
        <translation>打乱奖励（对照实验）</translation>
    </message>
    <message>
        <source>Control experiment: shuffle rewards across the batch, so they no longer say which sample was good (learning should stop)</source>
        <translation>对照实验：在批次内打乱奖励，让奖励不再说明哪个样本好（学习应当停止）</translation>
    </message>
    <message>
        <source>Reference refresh (steps)</source>
        <translation>参考模型刷新间隔（步）</translation>
    </message>
    <message>
        <source>Copy the policy into the reference model every N steps (0: never)</source>
        <translation>每 N 步把策略复制到参考模型（0：从不）</translation>
    </message>
    <message>
        <source>Advantage epsilon</source>
        <translation>优势 epsilon</translation>
    </message>
    <message>
        <source>Added to the std before dividing (TRL: 1e-4)</source>
        <translation>相除前加到标准差上的值（TRL：1e-4）</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Seed of every random number generator; same seed, same run</source>
        <translation>所有随机数生成器的种子；种子相同，运行就相同</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>auto: CUDA when present, else CPU</source>
        <translation>auto：有 CUDA 时用 CUDA，否则用 CPU</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>Mixed precision: bf16 autocast (CPU and CUDA) or fp16 with a gradient scaler (CUDA)</source>
        <translation>混合精度：bf16 自动转换（CPU 和 CUDA），或带梯度缩放器的 fp16（CUDA）</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Micro-batches accumulated per optimizer step</source>
        <translation>每个优化器步累积的微批次数</translation>
    </message>
    <message>
        <source>Gradient clip (norm)</source>
        <translation>梯度裁剪（范数）</translation>
    </message>
    <message>
        <source>Clip the global gradient norm to this (0: off; TRL: 1.0)</source>
        <translation>把全局梯度范数裁剪到这个值（0：关闭；TRL：1.0）</translation>
    </message>
    <message>
        <source>Gradient penalty weight</source>
        <translation>梯度惩罚权重</translation>
    </message>
    <message>
        <source>Weight of (||grad|| - target)^2; costs a second backward (0: off)</source>
        <translation>(||grad|| - 目标值)^2 的权重；需要额外一次反向传播（0：关闭）</translation>
    </message>
    <message>
        <source>Gradient penalty target</source>
        <translation>梯度惩罚目标</translation>
    </message>
    <message>
        <source>Target gradient norm of the penalty</source>
        <translation>惩罚项的目标梯度范数</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>AdamW weight decay (TRL: 0)</source>
        <translation>AdamW 权重衰减（TRL：0）</translation>
    </message>
    <message>
        <source>AdamW beta1</source>
        <translation>AdamW beta1</translation>
    </message>
    <message>
        <source>AdamW beta2</source>
        <translation>AdamW beta2</translation>
    </message>
    <message>
        <source>AdamW beta2; 0.99 is steadier than 0.999 at small batches</source>
        <translation>AdamW beta2；小批次时 0.99 比 0.999 更稳定</translation>
    </message>
    <message>
        <source>Scale learning rate with batch</source>
        <translation>学习率随批大小缩放</translation>
    </message>
    <message>
        <source>Scale each stage&apos;s lr by sqrt(batch / lr_reference_batch)</source>
        <translation>将每个阶段的学习率乘以 sqrt(batch / lr_reference_batch)</translation>
    </message>
    <message>
        <source>Reference batch size</source>
        <translation>参考批大小</translation>
    </message>
    <message>
        <source>Batch size at which a stage&apos;s lr is used as is</source>
        <translation>阶段学习率按原值使用时对应的批大小</translation>
    </message>
    <message>
        <source>Deterministic</source>
        <translation>确定性</translation>
    </message>
    <message>
        <source>Deterministic algorithms (same seed -&gt; same numbers)</source>
        <translation>使用确定性算法（相同种子 -&gt; 相同数值）</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程数</translation>
    </message>
    <message>
        <source>CPU threads for torch (0: one in the window; headless, one unless OMP_NUM_THREADS names more; more than one pays only on an otherwise idle CPU)</source>
        <translation>torch 使用的 CPU 线程数（0：窗口中为一个；无界面训练时为一个，除非 OMP_NUM_THREADS 指定更多；只有 CPU 没有其他负载时多于一个才有好处）</translation>
    </message>
    <message>
        <source>Compile the model</source>
        <translation>编译模型</translation>
    </message>
    <message>
        <source>Run the model&apos;s layers through torch.compile: faster steps once compiled, but the first steps wait while it compiles (kept on disk for later runs)</source>
        <translation>用 torch.compile 运行模型的各层：编译完成后每步更快，但最初几步要等待编译（编译结果保存在磁盘上，供以后的运行使用）</translation>
    </message>
    <message>
        <source>Stop after skipped updates in a row</source>
        <translation>连续跳过更新后停止</translation>
    </message>
    <message>
        <source>Stop the run when this many updates in a row are skipped as not finite: it has diverged, most often from a learning rate far too high (0: never stop). fp16&apos;s gradient scaler skips a few on purpose while it finds its scale</source>
        <translation>连续这么多次更新因数值非有限而被跳过时停止运行：训练已发散，多半是学习率太高（0：从不停止）。fp16 的梯度缩放器在寻找缩放比例时会有意跳过几次</translation>
    </message>
    <message>
        <source>Start from weights</source>
        <translation>从权重开始</translation>
    </message>
    <message>
        <source>Start from these weights instead of random ones: the file name of a warm start the studio ships (presets/warm_starts/) or a path to one (tools/make_warm_start.py writes them); the model settings must be those it was trained with</source>
        <translation>从这些权重开始，而不是从随机权重开始：工作室自带的热启动文件名（presets/warm_starts/），或某个热启动文件的路径（由 tools/make_warm_start.py 写出）；模型设置必须与训练它时的一致</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>内存预算</translation>
    </message>
    <message>
        <source>Fit the run into this much memory: a size such as 4GB, 6 GB or 512MB (a plain number is GB), or free: what the GPU has free, on the CPU the RAM available. The trainer splits batches into micro-batches, then recomputes blocks (gradient checkpointing), then uses mixed precision, and last lowers G, as far as needed, and says what it changed (empty: no budget)</source>
        <translation>让这次训练放进这么多内存：写一个大小，如 4GB、6 GB 或 512MB（只写数字即为 GB），或写“空闲”：GPU 当前空闲的显存，在 CPU 上为可用内存。训练器依次把批次拆成微批次、在反向传播中重算模块（梯度检查点）、使用混合精度，最后才减小 G，只改到够用为止，并说明改了什么（留空：不设预算）</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Optimizer steps in this stage (0 skips it)</source>
        <translation>本阶段的优化器步数（0 表示跳过本阶段）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Peak learning rate</source>
        <translation>峰值学习率</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Warm-up: examples per step. GRPO: prompts per step (P)</source>
        <translation>预热：每步的样例数。GRPO：每步的提示数 (P)</translation>
    </message>
    <message>
        <source>Tokens per batch</source>
        <translation>每批词元数</translation>
    </message>
    <message>
        <source>Warm-up: build each batch from examples of like length, as many as fill this many tokens (padding included), instead of batch_size examples of any length (0: off; tasks without lengths draw batch_size examples)</source>
        <translation>预热：每个批次由长度相近的样例组成，数量以填满这么多词元（含填充）为准，而不是 batch_size 个任意长度的样例（0：关闭；没有长度概念的任务按 batch_size 抽取）</translation>
    </message>
    <message>
        <source>Average the last evaluations</source>
        <translation>平均最后几次评估的权重</translation>
    </message>
    <message>
        <source>At the stage&apos;s end, average the weights of its last this many evaluations (the final one among them) and go on with the average if it scores better on the held-out split (0 or 1: off)</source>
        <translation type="vanished">阶段结束时，对其最后这么多次评估时的权重（含最后一次）取平均；若平均后的权重在留出集上得分更高，就用平均后的权重继续（0 或 1：关闭）</translation>
    </message>
    <message>
        <source>Learning-rate schedule</source>
        <translation>学习率调度</translation>
    </message>
    <message>
        <source>After warm-up steps: constant, cosine decay to 10%, or halve on a plateau</source>
        <translation>学习率预热之后：保持不变、余弦衰减到 10%，或在停滞时减半</translation>
    </message>
    <message>
        <source>Learning-rate warm-up steps</source>
        <translation>学习率预热步数</translation>
    </message>
    <message>
        <source>Linear learning-rate warm-up steps</source>
        <translation>学习率线性预热的步数</translation>
    </message>
    <message>
        <source>Plateau patience</source>
        <translation>停滞容忍次数</translation>
    </message>
    <message>
        <source>Evals without improvement before the lr halves</source>
        <translation>学习率减半之前允许的无提升评估次数</translation>
    </message>
    <message>
        <source>Stop at metric</source>
        <translation>达到指标即停</translation>
    </message>
    <message>
        <source>End the stage early once the eval metric reaches this (empty: never)</source>
        <translation>评估指标达到这个值时提前结束本阶段（留空：从不）</translation>
    </message>
    <message>
        <source>Stop after evaluations without gain</source>
        <translation>无提升评估次数上限</translation>
    </message>
    <message>
        <source>End the stage early after this many evals without improvement (0: never)</source>
        <translation>连续这么多次评估没有提升时提前结束本阶段（0：从不）</translation>
    </message>
    <message>
        <source>Least gain that counts</source>
        <translation>计为进步的最小提升</translation>
    </message>
    <message>
        <source>How far an eval must beat the best so far to count as an improvement (0: any rise)</source>
        <translation>一次评估须比迄今最佳高出多少才算进步（0：任何提升都算）</translation>
    </message>
    <message>
        <source>Evaluate every (steps)</source>
        <translation>评估间隔（步）</translation>
    </message>
    <message>
        <source>Evaluate on held-out data every N steps (0: only at stage ends)</source>
        <translation>每 N 步在留出数据上评估一次（0：仅在阶段结束时）</translation>
    </message>
    <message>
        <source>Held-out examples</source>
        <translation>留出样例数</translation>
    </message>
    <message>
        <source>Held-out examples per evaluation</source>
        <translation>每次评估使用的留出样例数</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>解码方式</translation>
    </message>
    <message>
        <source>How evaluation decodes</source>
        <translation>评估时如何解码</translation>
    </message>
    <message>
        <source>Beams</source>
        <translation>束宽</translation>
    </message>
    <message>
        <source>Beams for beam-search evaluation</source>
        <translation type="vanished">束搜索评估的束宽</translation>
    </message>
    <message>
        <source>Test decoding</source>
        <translation>测试集解码方式</translation>
    </message>
    <message>
        <source>How the test split decodes: once, at the end, where a beam search pays for its time (the valid split, evaluated again and again, decodes as eval.decoding)</source>
        <translation>测试集如何解码：只在最后解码一次，束搜索花的时间值得（验证集要反复评估，按 eval.decoding 解码）</translation>
    </message>
    <message>
        <source>Curriculum</source>
        <translation>课程学习</translation>
    </message>
    <message>
        <source>Unlock harder examples as the reward rises</source>
        <translation>随奖励上升解锁更难的样例</translation>
    </message>
    <message>
        <source>Start level</source>
        <translation>起始难度</translation>
    </message>
    <message>
        <source>Difficulty level unlocked at the start</source>
        <translation>开始时解锁的难度等级</translation>
    </message>
    <message>
        <source>Unlock at reward</source>
        <translation>解锁所需奖励</translation>
    </message>
    <message>
        <source>Mean reward over the window that unlocks the next level</source>
        <translation>窗口内平均奖励达到这个值时解锁下一难度</translation>
    </message>
    <message>
        <source>Unlock window (steps)</source>
        <translation>解锁窗口（步）</translation>
    </message>
    <message>
        <source>Steps averaged for the unlock decision</source>
        <translation>判断是否解锁时取平均的步数</translation>
    </message>
    <message>
        <source>Difficulty by</source>
        <translation>难度依据</translation>
    </message>
    <message>
        <source>What makes an example hard: the task&apos;s levels (longer sentences, more digits, larger grids; GRPO only), or the model&apos;s own perplexity on its reference (text tasks; the warm-up and GRPO each start at the easiest stage, scored by the model as it is then)</source>
        <translation>什么让一个样例变难：任务的难度级别（更长的句子、更多位数、更大的网格；仅 GRPO），或模型自己在参考答案上的困惑度（文本任务；预热和 GRPO 各自从最容易的阶段开始，由当时的模型打分）</translation>
    </message>
    <message>
        <source>Perplexity stages</source>
        <translation>困惑度阶段数</translation>
    </message>
    <message>
        <source>Perplexity: equal shares of the scored examples, easiest first; stage k trains on the k easiest shares, the last on the whole training set. The warm-up moves on at equal shares of its steps, GRPO when the reward passes the unlock threshold; each stage scores the examples again</source>
        <translation>困惑度：把打过分的样例等分成若干份，最容易的在前；第 k 阶段在最容易的 k 份上训练，最后一个阶段用整个训练集。预热按其步数的等份前进，GRPO 在奖励超过解锁阈值时前进；每个阶段都重新给样例打分</translation>
    </message>
    <message>
        <source>Examples scored</source>
        <translation>打分样例数</translation>
    </message>
    <message>
        <source>Perplexity: training examples scored at each stage (a fresh seeded sample when there are more); one forward pass each, its time is in the log</source>
        <translation>困惑度：每个阶段打分的训练样例数（样例更多时，按种子重新抽样）；每个样例一次前向计算，所用时间记在日志里</translation>
    </message>
    <message>
        <source>Teacher run folder</source>
        <translation>教师运行文件夹</translation>
    </message>
    <message>
        <source>A finished run folder of the same task whose model teaches the warm-up; the student takes its tokenizer so their outputs align (empty: no teacher)</source>
        <translation>同一任务的一个已完成的运行文件夹，由其模型指导预热；学生沿用它的分词器，使双方的输出逐词元对齐（留空：不用教师）</translation>
    </message>
    <message>
        <source>Distillation temperature</source>
        <translation>蒸馏温度</translation>
    </message>
    <message>
        <source>Softens both models&apos; next-token distributions before they are compared (T); the KL term is scaled by T^2 so its gradients keep their size</source>
        <translation>比较之前先用温度 T 使两个模型的下一词元分布变平缓；KL 项乘以 T^2，使其梯度大小保持不变</translation>
    </message>
    <message>
        <source>Teacher&apos;s share of the loss</source>
        <translation>教师项在损失中的占比</translation>
    </message>
    <message>
        <source>Share of the warm-up loss that is the KL term to the teacher; the rest is the cross-entropy of the references (0: references alone)</source>
        <translation>预热损失中到教师的 KL 项所占的比例；其余为参考答案的交叉熵（0：只用参考答案）</translation>
    </message>
    <message>
        <source>Examples the teacher writes</source>
        <translation>教师编写的样例数</translation>
    </message>
    <message>
        <source>Extra warm-up examples the teacher writes: its greedy answers to this many training prompts (0: none)</source>
        <translation>教师额外编写的预热样例：它对这么多个训练提示的贪心回答（0：不编写）</translation>
    </message>
    <message>
        <source>Teacher&apos;s examples per batch</source>
        <translation>每批中教师样例的占比</translation>
    </message>
    <message>
        <source>Share of each warm-up batch drawn from the teacher&apos;s examples (when there are any)</source>
        <translation>每个预热批次中取自教师样例的比例（有教师样例时）</translation>
    </message>
    <message>
        <source>Teacher checkpoint</source>
        <translation>教师检查点</translation>
    </message>
    <message>
        <source>The teacher&apos;s checkpoint, a file in its checkpoints/ folder (empty: its newest readable one); recorded here when the run starts</source>
        <translation>教师的检查点，即其检查点文件夹中的一个文件（留空：最新的可读检查点）；运行开始时记录在此</translation>
    </message>
    <message>
        <source>Teacher checkpoint hash</source>
        <translation>教师检查点哈希</translation>
    </message>
    <message>
        <source>SHA-256 of the teacher&apos;s checkpoint, recorded when the run starts; a run refuses a teacher whose checkpoint no longer has it</source>
        <translation>教师检查点的哈希值，运行开始时记录；若教师检查点的哈希已不同，运行会拒绝使用它</translation>
    </message>
    <message>
        <source>Target sparsity</source>
        <translation>目标稀疏度</translation>
    </message>
    <message>
        <source>Share of the weight matrices&apos; entries set to zero by the end step, the smallest first (0: off). Linear and convolution weights; biases and norms never</source>
        <translation>到结束步时置为零的权重矩阵元素比例，绝对值最小的先置零（0：关闭）。只剪线性层和卷积层的权重；偏置和归一化层从不剪</translation>
    </message>
    <message>
        <source>Start pruning at step</source>
        <translation>从第几步开始剪枝</translation>
    </message>
    <message>
        <source>Step of the run (over both stages) at which pruning starts</source>
        <translation>剪枝开始的步数（按两个阶段合计的总步数）</translation>
    </message>
    <message>
        <source>Reach the target at step</source>
        <translation>在第几步达到目标</translation>
    </message>
    <message>
        <source>Step at which the target is reached, on a cubic ramp from the start step (Zhu and Gupta 2017); the same as the start step prunes all at once (empty: the run&apos;s last planned step)</source>
        <translation>达到目标稀疏度的步数，从开始步起按三次曲线逐步上升（先快后慢）；与开始步相同则一次剪到目标（留空：本次运行计划的最后一步）</translation>
    </message>
    <message>
        <source>Prune every (steps)</source>
        <translation>每隔多少步剪枝</translation>
    </message>
    <message>
        <source>Raise the sparsity every N steps on the way to the target</source>
        <translation>在达到目标之前，每 N 步提高一次稀疏度</translation>
    </message>
    <message>
        <source>Pruning scope</source>
        <translation>剪枝范围</translation>
    </message>
    <message>
        <source>layer: the same share of each layer; global: the smallest weights of all layers together, which may empty a layer whose weights start small (GPT-2&apos;s output projections)</source>
        <translation>layer：每层剪去相同比例；global：在所有层中一起挑最小的权重，初始权重较小的层（例如输出投影层）可能被整层剪空</translation>
    </message>
    <message>
        <source>Prune embeddings</source>
        <translation>剪枝嵌入层</translation>
    </message>
    <message>
        <source>Prune the embedding tables too; an output head tied to its embedding is that table, an untied head is a Linear layer and is pruned anyway</source>
        <translation>同时剪枝嵌入表；与嵌入共享权重的输出头就是这张表，不共享的输出头是线性层，总会被剪枝</translation>
    </message>
    <message>
        <source>Runs folder</source>
        <translation>运行文件夹</translation>
    </message>
    <message>
        <source>Folder that holds runs (empty: the user data directory)</source>
        <translation>存放各次运行的文件夹（留空：用户数据目录）</translation>
    </message>
    <message>
        <source>Stop after (steps)</source>
        <translation>在多少步后停止</translation>
    </message>
    <message>
        <source>Stop after this many optimizer steps over all stages, checkpointed (empty: when the stages end); the command line&apos;s --steps, kept by a resumed run</source>
        <translation>所有阶段合计达到这么多优化器步后停止，并写入检查点（留空：各阶段结束时）；即命令行的 --steps，继续运行时保留</translation>
    </message>
    <message>
        <source>Checkpoint every (steps)</source>
        <translation>检查点间隔（步）</translation>
    </message>
    <message>
        <source>Write a checkpoint every N steps (and on stop)</source>
        <translation>每 N 步（以及停止时）写入一个检查点</translation>
    </message>
    <message>
        <source>Checkpoints kept</source>
        <translation>保留的检查点数</translation>
    </message>
    <message>
        <source>Checkpoints kept besides the last</source>
        <translation>除最新的之外保留的检查点数</translation>
    </message>
    <message>
        <source>Groups shown per step</source>
        <translation>每步显示的组数</translation>
    </message>
    <message>
        <source>Sample groups reported per step for display</source>
        <translation>每步报告用于显示的样本组数</translation>
    </message>
    <message>
        <source>Gradient flow every (steps)</source>
        <translation>梯度流间隔（步）</translation>
    </message>
    <message>
        <source>Report per-layer gradients every N steps (0: never)</source>
        <translation>每 N 步报告一次各层梯度（0：从不）</translation>
    </message>
    <message>
        <source>Time budget</source>
        <translation>时间预算</translation>
    </message>
    <message>
        <source>Fit the run into this much time on this machine: a duration such as 30 min, 1h, 1h30m or 90s (a plain number is seconds). A short measurement before the first step plans the stages&apos; steps to fit (the steps you set stay as you set them), and the run ends at the budget if it overruns (empty: no budget)</source>
        <translation>让这次运行在本机上于此时间内完成：时长如 30 min、1h、1h30m 或 90s（纯数字为秒）。第一步之前的一次简短测量会规划各阶段的步数以适应预算（您设置的步数保持不变）；若超时，运行会在预算用完时结束（留空：不设预算）</translation>
    </message>
    <message>
        <source>Policy snapshot every (steps)</source>
        <translation>策略快照间隔（步）</translation>
    </message>
    <message>
        <source>Record what the policy does on a few fixed held-out inputs every N steps, and before the first (0: never); the Policy tab draws it</source>
        <translation>每 N 步（以及第一步之前）记录策略在几个固定留出输入上的表现（0：从不）；“策略”页会画出它</translation>
    </message>
    <message>
        <source>Hidden fields</source>
        <translation>隐藏的字段</translation>
    </message>
    <message>
        <source>Field paths hidden in the settings form (a lesson&apos;s view)</source>
        <translation>在设置表单中隐藏的字段路径（课程视图）</translation>
    </message>
    <message>
        <source>Lesson text</source>
        <translation>课程文字</translation>
    </message>
    <message>
        <source>Text shown to the class with this preset</source>
        <translation>随此预设展示给学生的文字</translation>
    </message>
    <message>
        <source>Minutes on a laptop CPU</source>
        <translation>笔记本 CPU 上的分钟数</translation>
    </message>
    <message>
        <source>Minutes a whole run of this preset takes on a 2-core laptop CPU, as measured (shown on its card; the gallery lists the quickest first)</source>
        <translation>实测此预设完整运行一次在双核笔记本 CPU 上所需的分钟数（显示在卡片上；预设库把最快的排在前面）</translation>
    </message>
    <message>
        <source>Pause when GRPO starts</source>
        <translation>GRPO 开始时暂停</translation>
    </message>
    <message>
        <source>In the window, pause the run when its GRPO stage starts, before the first GRPO step, so that Step takes one GRPO step at a time (the command line ignores it)</source>
        <translation>在窗口中，运行进入 GRPO 阶段时、在第一个 GRPO 步之前暂停，这样“单步”每次走一个 GRPO 步（命令行不理会此项）</translation>
    </message>
    <message>
        <source>Experiment variants</source>
        <translation>实验变体</translation>
    </message>
    <message>
        <source>Two to four variants trained side by side and drawn on the same charts, each {label: ..., settings: {grpo.num_generations: 2}}; a variant changes grpo.* and stages.grpo.* settings only</source>
        <translation>二到四个并排训练、画在同一组图表上的变体，每个写作 {label: ..., settings: {grpo.num_generations: 2}}；变体只能改动 grpo.* 和 stages.grpo.* 设置</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>Operations drawn, any of &quot;+&quot;, &quot;-&quot;, &quot;*&quot;</source>
        <translation>抽取的运算，可为 &quot;+&quot;、&quot;-&quot;、&quot;*&quot; 中的任意几种</translation>
    </message>
    <message>
        <source>Max digits</source>
        <translation>最大位数</translation>
    </message>
    <message>
        <source>Digits of the largest operand; also the number of difficulty levels (level L: larger operand has exactly L digits)</source>
        <translation>最大操作数的位数；也是难度等级数（等级 L：较大的操作数恰好有 L 位）</translation>
    </message>
    <message>
        <source>Partial credit</source>
        <translation>部分得分</translation>
    </message>
    <message>
        <source>Add a &apos;partial&apos; reward: share of answer digits right, aligned from the right</source>
        <translation>增加一个“部分”奖励：从右对齐后答案中正确数字的比例</translation>
    </message>
    <message>
        <source>My reward function</source>
        <translation>我的奖励函数</translation>
    </message>
    <message>
        <source>Your own reward, &quot;module:function&quot; taking (prompts, completions, references) and returning one float per completion; runs your code</source>
        <translation>你自己的奖励函数，写作 &quot;模块:函数&quot;，接收（提示、补全、参考答案），为每个补全返回一个浮点数；会运行你的代码</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>reverse: the string backwards; sort: its characters in code-point order</source>
        <translation>reverse：把字符串倒过来；sort：按码位顺序排列其字符</translation>
    </message>
    <message>
        <source>Alphabet</source>
        <translation>字母表</translation>
    </message>
    <message>
        <source>Characters the strings are made of</source>
        <translation>组成字符串的字符</translation>
    </message>
    <message>
        <source>Shortest string</source>
        <translation>最短字符串</translation>
    </message>
    <message>
        <source>Shortest string (level 1)</source>
        <translation>最短字符串（等级 1）</translation>
    </message>
    <message>
        <source>Longest string</source>
        <translation>最长字符串</translation>
    </message>
    <message>
        <source>Longest string (the last level)</source>
        <translation>最长字符串（最后一级）</translation>
    </message>
    <message>
        <source>Source lang</source>
        <translation>源语言</translation>
    </message>
    <message>
        <source>Language translated from (the demo corpus has zh and en)</source>
        <translation>从哪种语言翻译（演示语料有 zh 和 en）</translation>
    </message>
    <message>
        <source>Target lang</source>
        <translation>目标语言</translation>
    </message>
    <message>
        <source>Language translated into</source>
        <translation>翻译成哪种语言</translation>
    </message>
    <message>
        <source>Source column</source>
        <translation>源语言列</translation>
    </message>
    <message>
        <source>Column of the source sentences in your file, counted from 0 (empty: the column written in source_lang, found by its script, header or language)</source>
        <translation>你的文件中源语言句子所在的列，从 0 开始数（留空：用 source_lang 书写的那一列，按文字、表头或语言识别）</translation>
    </message>
    <message>
        <source>Target column</source>
        <translation>目标语言列</translation>
    </message>
    <message>
        <source>Column of the target sentences in your file, counted from 0 (empty: found like the source&apos;s)</source>
        <translation>你的文件中目标语言句子所在的列，从 0 开始数（留空：与源语言列一样自动识别）</translation>
    </message>
    <message>
        <source>Fit to data</source>
        <translation>适配数据</translation>
    </message>
    <message>
        <source>When your file replaces the demo corpus, fit what depends on its size: valid/test splits and eval size, eval interval, warm-up patience and cap (the demo&apos;s stop_at off), vocabulary sizes, the warm-up&apos;s recipe for real text (batches by tokens, label smoothing, a cosine learning rate) and a time budget; the load report says what was chosen and why</source>
        <translation>当你的文件取代演示语料时，调整依赖数据的设置：验证/测试划分和评估规模、评估间隔、预热的耐心和上限（关闭演示用的 stop_at）、词表大小、针对真实文本的预热配方（按词元数组批、标签平滑、余弦学习率）以及时间预算；加载报告会说明选了什么以及原因</translation>
    </message>
    <message>
        <source>Dropout in the warm-up (residuals, embeddings); GRPO samples and updates without it</source>
        <translation>预热阶段的 dropout（残差、嵌入）；GRPO 采样和更新时不用</translation>
    </message>
    <message>
        <source>When your file replaces the demo corpus, fit what depends on its size: valid/test splits and eval size, eval interval, warm-up patience and cap (the demo&apos;s stop_at off), vocabulary sizes; the load report says what was chosen and why</source>
        <translation type="vanished">当你的文件取代演示语料时，调整依赖数据规模的设置：验证/测试划分和评估规模、评估间隔、预热的耐心和上限（关闭演示用的 stop_at）、词表大小；加载报告会说明选了什么以及原因</translation>
    </message>
    <message>
        <source>Both directions</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>One model translates both ways (source_lang-&gt;target_lang and back): a &lt;2xx&gt; tag before each source names the language to write</source>
        <translation>一个模型双向翻译（source_lang-&gt;target_lang 以及反向）：每个源句前的 &lt;2xx&gt; 标记指明要写出的语言</translation>
    </message>
    <message>
        <source>Back translation</source>
        <translation>回译</translation>
    </message>
    <message>
        <source>Back-translate monolingual_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up. Off unless you turn it on: measured on the demo corpus with 2,000 pairs and 4,000 sentences alone, at the same warm-up budget it cost 11.5 test chrF (82.8 -&gt; 71.3), since the real pairs get half the batch; it may pay where pairs are few and steps many</source>
        <translation>用一个反向模型把 monolingual_path 中的目标语言句子回译成合成句对，加上标记后混入预热。默认关闭，需要你手动开启：在演示语料上用 2,000 个句对和另外 4,000 个单语句子实测，在相同的预热预算下，它使测试集 chrF 下降了 11.5（82.8 -&gt; 71.3），因为真实句对只占批次的一半；在句对少、步数多的场合它可能有益</translation>
    </message>
    <message>
        <source>Back-translate monolingual_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up</source>
        <translation type="vanished">用一个反向模型把 monolingual_path 中的目标语言句子回译成合成句对，加上标记后混入预热</translation>
    </message>
    <message>
        <source>At the stage&apos;s end, average the weights of its last this many evaluations (the final one among them) and go on with the average if it scores better on the held-out split (0 or 1: off; at most 20, each a copy of the weights in memory)</source>
        <translation>阶段结束时，对其最后这么多次评估时的权重（含最后一次）取平均；若平均后的权重在留出集上得分更高，就用平均后的权重继续（0 或 1：关闭；最多 20，每份都是内存中的一份权重副本）</translation>
    </message>
    <message>
        <source>Beams for beam-search evaluation and a run&apos;s translations (at most 16)</source>
        <translation>束搜索评估和运行翻译时的束宽（最多 16）</translation>
    </message>
    <message>
        <source>Monolingual path</source>
        <translation>单语文件路径</translation>
    </message>
    <message>
        <source>A text file of target-language sentences alone, one per line</source>
        <translation>只含目标语言句子的文本文件，每行一句</translation>
    </message>
    <message>
        <source>Back translation steps</source>
        <translation>回译训练步数</translation>
    </message>
    <message>
        <source>Most training steps of the reverse-direction model; it stops sooner once its valid chrF stops rising</source>
        <translation>反向模型的最多训练步数；一旦验证集 chrF 不再上升就提前停止</translation>
    </message>
    <message>
        <source>Back translation decoding</source>
        <translation>回译解码方式</translation>
    </message>
    <message>
        <source>How the reverse model translates: beam search, greedy, or one sample each (more varied, noisier sources)</source>
        <translation>反向模型如何翻译：束搜索、贪心，或每句采样一次（源句更多样，但噪声更大）</translation>
    </message>
    <message>
        <source>Back translation share</source>
        <translation>回译比例</translation>
    </message>
    <message>
        <source>Most of each warm-up batch that is back-translated pairs; the rest are real</source>
        <translation>每个预热批次中回译句对所占的最大比例；其余为真实句对</translation>
    </message>
    <message>
        <source>Back translation weight</source>
        <translation>回译权重</translation>
    </message>
    <message>
        <source>Loss weight of a back-translated pair against a real pair&apos;s 1</source>
        <translation>回译句对的损失权重（真实句对为 1）</translation>
    </message>
    <message>
        <source>Demo size</source>
        <translation>演示语料规模</translation>
    </message>
    <message>
        <source>Demo-corpus pairs used when there is no data file (0: all)</source>
        <translation>没有数据文件时使用的演示语料句对数（0：全部）</translation>
    </message>
    <message>
        <source>Source tokenizer</source>
        <translation>源语言分词器</translation>
    </message>
    <message>
        <source>Source tokens: characters or BPE</source>
        <translation>源语言词元：字符或 BPE</translation>
    </message>
    <message>
        <source>Target tokenizer</source>
        <translation>目标语言分词器</translation>
    </message>
    <message>
        <source>Target tokens: characters or BPE</source>
        <translation>目标语言词元：字符或 BPE</translation>
    </message>
    <message>
        <source>Vocab size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Vocabulary size: BPE&apos;s target, a char tokenizer&apos;s ceiling</source>
        <translation>词表大小：BPE 的目标大小，字符分词器的上限</translation>
    </message>
    <message>
        <source>Shared tokenizer</source>
        <translation>共享分词器</translation>
    </message>
    <message>
        <source>One tokenizer trained on both sides (needed by model.shared_vocab)</source>
        <translation>在两种语言上训练同一个分词器（model.shared_vocab 需要它）</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Sentence reward: chrF, BLEU, or a weighted mix of the two</source>
        <translation>句子奖励：chrF、BLEU，或两者的加权组合</translation>
    </message>
    <message>
        <source>Chrf beta</source>
        <translation>chrF beta</translation>
    </message>
    <message>
        <source>chrF&apos;s recall weight; 1 is length-neutral, sacrebleu&apos;s 2 pays for longer output</source>
        <translation>chrF 的召回权重；1 对长度中立，sacrebleu 默认的 2 会奖励更长的输出</translation>
    </message>
    <message>
        <source>Mix weight</source>
        <translation>组合权重</translation>
    </message>
    <message>
        <source>Weight of chrF in the mix (BLEU gets the rest)</source>
        <translation>组合中 chrF 的权重（其余归 BLEU）</translation>
    </message>
    <message>
        <source>Length penalty</source>
        <translation>长度惩罚</translation>
    </message>
    <message>
        <source>Weight of a reward for matching the reference length (0: off)</source>
        <translation>长度接近参考译文所得奖励的权重（0：关闭）</translation>
    </message>
    <message>
        <source>Repeat limit</source>
        <translation>重复上限</translation>
    </message>
    <message>
        <source>Outputs with an n-gram repeated this many times in a row get reward 0 (0: off)</source>
        <translation>某个 n 元组连续重复这么多次的输出奖励为 0（0：关闭）</translation>
    </message>
    <message>
        <source>Noise prob</source>
        <translation>噪声概率</translation>
    </message>
    <message>
        <source>Warm-up source noise (when data.augment): chance each token is dropped or swapped</source>
        <translation>预热时的源端噪声（data.augment 开启时）：每个词元被丢弃或交换的概率</translation>
    </message>
    <message>
        <source>Num levels</source>
        <translation>难度等级数</translation>
    </message>
    <message>
        <source>Curriculum levels by source length (1: none)</source>
        <translation>按源句长度划分的课程难度等级（1：不分级）</translation>
    </message>
    <message>
        <source>Label smoothing</source>
        <translation>标签平滑</translation>
    </message>
    <message>
        <source>Warm-up loss: share of each target token&apos;s probability spread over the whole vocabulary, so the model is never taught to be certain (0: plain cross-entropy)</source>
        <translation>预热损失：把每个目标词元的这部分概率均匀分给整个词表，让模型不被教得过于确定（0：普通交叉熵）</translation>
    </message>
    <message>
        <source>Beam length penalty</source>
        <translation>束搜索长度惩罚</translation>
    </message>
    <message>
        <source>Beam search ranks by log-prob / length ** this (0: raw log-prob)</source>
        <translation>束搜索按 对数概率 / 长度 ** 此值 排序（0：直接用对数概率）</translation>
    </message>
    <message>
        <source>Grid size</source>
        <translation>网格大小</translation>
    </message>
    <message>
        <source>Grid side in cells at the hardest level (evaluation uses it)</source>
        <translation>最难等级下网格的边长（格数；评估使用它）</translation>
    </message>
    <message>
        <source>Smallest grid</source>
        <translation>最小网格</translation>
    </message>
    <message>
        <source>Grid side at level 0; the curriculum grows it to size</source>
        <translation>等级 0 的网格边长；课程学习会把它逐步增大到网格大小</translation>
    </message>
    <message>
        <source>Levels</source>
        <translation>难度等级数</translation>
    </message>
    <message>
        <source>Curriculum levels: grid size and wall density grow with the level</source>
        <translation>课程难度等级：网格大小和墙的密度随等级增长</translation>
    </message>
    <message>
        <source>Walls</source>
        <translation>墙</translation>
    </message>
    <message>
        <source>Share of free cells that are walls at the hardest level (level 0: none)</source>
        <translation>最难等级下空格中墙所占的比例（等级 0：没有墙）</translation>
    </message>
    <message>
        <source>Lava</source>
        <translation>岩浆</translation>
    </message>
    <message>
        <source>Share of free cells that are lava from lava_level on (0: no lava)</source>
        <translation>从 lava_level 起空格中岩浆所占的比例（0：没有岩浆）</translation>
    </message>
    <message>
        <source>Lava from level</source>
        <translation>岩浆起始等级</translation>
    </message>
    <message>
        <source>First level with lava (when lava_density &gt; 0)</source>
        <translation>出现岩浆的第一个等级（lava_density &gt; 0 时）</translation>
    </message>
    <message>
        <source>Key and door</source>
        <translation>钥匙和门</translation>
    </message>
    <message>
        <source>From key_level on, a wall with a locked door splits the grid and a key must be fetched first</source>
        <translation>从 key_level 起，一堵带锁门的墙把网格隔开，必须先拿到钥匙</translation>
    </message>
    <message>
        <source>Key from level</source>
        <translation>钥匙起始等级</translation>
    </message>
    <message>
        <source>First level with the key and door (when key_door is on)</source>
        <translation>出现钥匙和门的第一个等级（key_door 开启时）</translation>
    </message>
    <message>
        <source>Step limit</source>
        <translation>步数上限</translation>
    </message>
    <message>
        <source>Step limit of an episode (T); longer levels are never drawn</source>
        <translation>一个回合的步数上限 (T)；需要更多步的关卡不会被抽到</translation>
    </message>
    <message>
        <source>Cost per step</source>
        <translation>每步代价</translation>
    </message>
    <message>
        <source>Return lost per step taken: shorter paths score higher</source>
        <translation>每走一步损失的回报：路径越短得分越高</translation>
    </message>
    <message>
        <source>Lava penalty</source>
        <translation>岩浆惩罚</translation>
    </message>
    <message>
        <source>Return lost by walking into lava (the episode ends)</source>
        <translation>走进岩浆损失的回报（回合结束）</translation>
    </message>
    <message>
        <source>Pixels per cell</source>
        <translation>每格像素</translation>
    </message>
    <message>
        <source>Rendered pixels per cell side (image = size x this)</source>
        <translation>渲染时每格边长的像素数（图像 = 网格大小 x 此值）</translation>
    </message>
    <message>
        <source>Drawn walls</source>
        <translation>手绘的墙</translation>
    </message>
    <message>
        <source>Walls added to the grid the Policy tab shows, as [row, column] pairs counted from 0 (a teacher draws them there by clicking before Start)</source>
        <translation>加到“策略”页所示网格上的墙，写成从 0 开始计数的 [行, 列]（老师可在按“开始”前点击格子画出）</translation>
    </message>
    <message>
        <source>Share on the drawn grid</source>
        <translation>在手绘网格上的比例</translation>
    </message>
    <message>
        <source>With walls drawn (task.walls), the share of training episodes played on the Policy tab&apos;s grid, so the agent learns its way round them</source>
        <translation>画了墙（task.walls）时，在“策略”页所示网格上进行的训练回合所占比例，让智能体学会绕过这些墙</translation>
    </message>
    <message>
        <source>Image size (pixels)</source>
        <translation>图像大小（像素）</translation>
    </message>
    <message>
        <source>Side in pixels every image is resized to</source>
        <translation>每张图片缩放到的边长（像素）</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Shapes of the built-in set (circle, square, triangle, cross, star, ring); a folder&apos;s classes are its subfolders</source>
        <translation>内置数据集的形状（circle 圆、square 方、triangle 三角、cross 十字、star 星、ring 环）；文件夹数据的类别就是它的子文件夹</translation>
    </message>
    <message>
        <source>Pixel noise</source>
        <translation>像素噪声</translation>
    </message>
    <message>
        <source>Pixel noise of the built-in set (std, share of full range)</source>
        <translation>内置数据集的像素噪声（标准差，占满量程的比例）</translation>
    </message>
    <message>
        <source>Built-in training images</source>
        <translation>内置训练图片数</translation>
    </message>
    <message>
        <source>Built-in held-out images</source>
        <translation>内置留出图片数</translation>
    </message>
    <message>
        <source>Built-in images in each of valid and test</source>
        <translation>验证集和测试集各自的内置图片数</translation>
    </message>
    <message>
        <source>Reward checks</source>
        <translation>奖励检查</translation>
    </message>
    <message>
        <source>The reward: a list of checks, each {kind, weight, options}; kinds: exact, one_of, number, contains, regex, format, similarity, length, function</source>
        <translation>奖励：一组检查，每项为 {kind, weight, options}；种类：exact、one_of、number、contains、regex、format、similarity、length、function</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Tokens: one a character (char), BPE pieces (bpe), or fitted to your file (auto: BPE for a large file of longer text, characters otherwise)</source>
        <translation>词元：每个字符一个（char）、BPE 子词（bpe），或按你的文件拟合（auto：较长文本的大文件用 BPE，其余用字符）</translation>
    </message>
    <message>
        <source>Longest prompt</source>
        <translation>最长提示</translation>
    </message>
    <message>
        <source>Longest prompt kept, in characters</source>
        <translation>保留的最长提示（字符数）</translation>
    </message>
    <message>
        <source>Longest answer</source>
        <translation>最长答案</translation>
    </message>
    <message>
        <source>Longest answer kept, in characters</source>
        <translation>保留的最长答案（字符数）</translation>
    </message>
    <message>
        <source>Fit settings to my data</source>
        <translation>按我的数据调整设置</translation>
    </message>
    <message>
        <source>Fit model.max_len, grpo.max_new_tokens, the splits, evaluation and the warm-up to your file (the load report lists each choice)</source>
        <translation>按你的文件调整 model.max_len、grpo.max_new_tokens、数据划分、评估和预热（加载报告列出每项选择）</translation>
    </message>
    <message>
        <source>Dates in the built-in demo (used without a file)</source>
        <translation>内置示例中的日期数（未给文件时使用）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer blocks</source>
        <translation>Transformer 块数</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Attention heads per block (must divide d_model)</source>
        <translation>每块的注意力头数（必须能整除 d_model）</translation>
    </message>
    <message>
        <source>Width (d_model)</source>
        <translation>宽度 (d_model)</translation>
    </message>
    <message>
        <source>Width of the residual stream (embedding size)</source>
        <translation>残差流的宽度（嵌入维度）</translation>
    </message>
    <message>
        <source>Feed-forward width</source>
        <translation>前馈层宽度</translation>
    </message>
    <message>
        <source>Hidden size of each block&apos;s MLP; 704 (2.75 x d_model) gives the 3.8M-parameter seed model</source>
        <translation>每块 MLP 的隐藏层大小；704（2.75 x d_model）得到 380 万参数的种子模型</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>上下文长度（词元）</translation>
    </message>
    <message>
        <source>Context length in tokens: prompt plus completion</source>
        <translation>以词元计的上下文长度：提示加补全</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Dropout in the warm-up (GRPO samples and updates without it)</source>
        <translation>预热阶段的 dropout（GRPO 采样和更新时不用）</translation>
    </message>
    <message>
        <source>Tie embedding and output</source>
        <translation>嵌入与输出共享权重</translation>
    </message>
    <message>
        <source>Share the token embedding with the output head</source>
        <translation>词元嵌入与输出头共享权重</translation>
    </message>
    <message>
        <source>Gradient checkpointing (every N blocks)</source>
        <translation>梯度检查点（每 N 块）</translation>
    </message>
    <message>
        <source>Recompute every N-th block in the backward pass to save memory (0: off)</source>
        <translation>反向传播时每隔 N 块重新计算一次以节省内存（0：关闭）</translation>
    </message>
    <message>
        <source>Blocks sharing weights</source>
        <translation>共享权重的块数</translation>
    </message>
    <message>
        <source>Every k consecutive blocks share one set of weights (ALBERT-style cross-layer sharing): about k times fewer block parameters, the same compute (1: none)</source>
        <translation>每 k 个相邻的块共享一组权重（ALBERT 式跨层共享）：块参数约减少为 1/k，计算量不变（1：不共享）</translation>
    </message>
    <message>
        <source>Width of every layer (the embedding size)</source>
        <translation>每一层的宽度（嵌入维度）</translation>
    </message>
    <message>
        <source>Attention heads; must divide d_model</source>
        <translation>注意力头数；必须能整除 d_model</translation>
    </message>
    <message>
        <source>Encoder layers</source>
        <translation>编码器层数</translation>
    </message>
    <message>
        <source>Encoder blocks</source>
        <translation>编码器块数</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>解码器层数</translation>
    </message>
    <message>
        <source>Decoder blocks</source>
        <translation>解码器块数</translation>
    </message>
    <message>
        <source>Hidden width of each block&apos;s feed-forward layer</source>
        <translation>每块前馈层的隐藏宽度</translation>
    </message>
    <message>
        <source>Dropout in the warm-up (attention, residuals, embeddings); GRPO samples and updates without it</source>
        <translation type="vanished">预热阶段的 dropout（注意力、残差、嵌入）；GRPO 采样和更新时不用</translation>
    </message>
    <message>
        <source>Longest sentence (tokens)</source>
        <translation>最长句子（词元）</translation>
    </message>
    <message>
        <source>Longest source and longest target, in tokens (learned positions)</source>
        <translation>最长的源句和目标句，以词元计（可学习的位置编码）</translation>
    </message>
    <message>
        <source>Shared vocabulary</source>
        <translation>共享词表</translation>
    </message>
    <message>
        <source>One embedding for source and target (needs the task&apos;s shared tokenizer)</source>
        <translation>源语言和目标语言共用一个嵌入（需要任务的共享分词器）</translation>
    </message>
    <message>
        <source>Output layer reuses the target embedding matrix</source>
        <translation>输出层复用目标语言的嵌入矩阵</translation>
    </message>
    <message>
        <source>Every k consecutive blocks of the encoder, and of the decoder, share one set of weights (ALBERT-style cross-layer sharing): about k times fewer block parameters, the same compute (1: none)</source>
        <translation>编码器和解码器中每 k 个相邻的块各自共享一组权重（ALBERT 式跨层共享）：块参数约减少为 1/k，计算量不变（1：不共享）</translation>
    </message>
    <message>
        <source>Embedding noise</source>
        <translation>嵌入噪声</translation>
    </message>
    <message>
        <source>Std of Gaussian noise added to the encoder&apos;s embeddings while training (0: off)</source>
        <translation>训练时加到编码器嵌入上的高斯噪声的标准差（0：关闭）</translation>
    </message>
    <message>
        <source>Channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>Feature channels of every layer (at most 64)</source>
        <translation>每一层的特征通道数（最多 64）</translation>
    </message>
    <message>
        <source>Blocks per stage</source>
        <translation>每级的块数</translation>
    </message>
    <message>
        <source>Residual blocks per stage (must add up to 5); each later stage halves the resolution with a 2x2 average pool</source>
        <translation>每级的残差块数（总和必须为 5）；之后的每一级都用 2x2 平均池化把分辨率减半</translation>
    </message>
    <message>
        <source>Stem stride</source>
        <translation>主干步幅</translation>
    </message>
    <message>
        <source>Kernel and stride of the stem convolution (a grid world&apos;s pixels per cell)</source>
        <translation>主干卷积的卷积核大小与步幅（网格世界中每格的像素数）</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>group: no running statistics, same answer in any batch (see the module)</source>
        <translation>group：没有滑动统计量，在任何批次中答案都相同（见该模块）</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>flatten: the head sees where things are (grid worlds); avg: global average pool, position-invariant (object classes)</source>
        <translation>flatten：输出头能看到东西在哪里（网格世界）；avg：全局平均池化，与位置无关（物体分类）</translation>
    </message>
    <message>
        <source>Input size (pixels)</source>
        <translation>输入大小（像素）</translation>
    </message>
    <message>
        <source>Side of the square input image in pixels (0: the task&apos;s rendered size)</source>
        <translation>正方形输入图像的边长，以像素计（0：任务渲染的大小）</translation>
    </message>
    <message>
        <source>Recompute activations every N blocks in the backward pass to save memory (0: off)</source>
        <translation type="vanished">反向传播时每 N 块重新计算激活值以节省内存（0：关闭）</translation>
    </message>
</context>
<context>
    <name>consent</name>
    <message>
        <source>Cannot run this preset&apos;s reward</source>
        <translation>无法运行此预设的奖励函数</translation>
    </message>
    <message>
        <source>Cannot run this reward function</source>
        <translation>无法运行此奖励函数</translation>
    </message>
</context>
<context>
    <name>dialogs</name>
    <message>
        <source>Out of memory. Lower the batch size, group size or model size and start again.</source>
        <translation>内存不足。请调小批大小、组大小或模型规模后重新开始。</translation>
    </message>
    <message>
        <source>{name} (no message); see the log for details.</source>
        <translation>{name}（无消息）；详情见日志。</translation>
    </message>
    <message>
        <source>Run Python code?</source>
        <translation>运行 Python 代码？</translation>
    </message>
    <message>
        <source>This preset runs Python code from {name}: run it?</source>
        <translation>此预设会运行来自 {name} 的 Python 代码：要运行吗？</translation>
    </message>
    <message>
        <source>Its reward function {spec} is in {path}. The code runs with your rights: say yes only if you wrote that file or trust where it came from.</source>
        <translation>它的奖励函数 {spec} 在 {path} 中。代码会以你的权限运行：只有当文件是你写的，或你信任它的来源时，才选“是”。</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
</context>
<context>
    <name>languages</name>
    <message>
        <source>Chinese</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>Cantonese</source>
        <translation>粤语</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日语</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>韩语</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英语</translation>
    </message>
    <message>
        <source>French</source>
        <translation>法语</translation>
    </message>
    <message>
        <source>German</source>
        <translation>德语</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>西班牙语</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>意大利语</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>葡萄牙语</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>荷兰语</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>瑞典语</translation>
    </message>
    <message>
        <source>Danish</source>
        <translation>丹麦语</translation>
    </message>
    <message>
        <source>Norwegian</source>
        <translation>挪威语</translation>
    </message>
    <message>
        <source>Finnish</source>
        <translation>芬兰语</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>波兰语</translation>
    </message>
    <message>
        <source>Czech</source>
        <translation>捷克语</translation>
    </message>
    <message>
        <source>Slovak</source>
        <translation>斯洛伐克语</translation>
    </message>
    <message>
        <source>Romanian</source>
        <translation>罗马尼亚语</translation>
    </message>
    <message>
        <source>Hungarian</source>
        <translation>匈牙利语</translation>
    </message>
    <message>
        <source>Turkish</source>
        <translation>土耳其语</translation>
    </message>
    <message>
        <source>Vietnamese</source>
        <translation>越南语</translation>
    </message>
    <message>
        <source>Indonesian</source>
        <translation>印度尼西亚语</translation>
    </message>
    <message>
        <source>Malay</source>
        <translation>马来语</translation>
    </message>
    <message>
        <source>Catalan</source>
        <translation>加泰罗尼亚语</translation>
    </message>
    <message>
        <source>Esperanto</source>
        <translation>世界语</translation>
    </message>
    <message>
        <source>Latin</source>
        <translation>拉丁语</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>俄语</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation>乌克兰语</translation>
    </message>
    <message>
        <source>Bulgarian</source>
        <translation>保加利亚语</translation>
    </message>
    <message>
        <source>Arabic</source>
        <translation>阿拉伯语</translation>
    </message>
    <message>
        <source>Persian</source>
        <translation>波斯语</translation>
    </message>
    <message>
        <source>Urdu</source>
        <translation>乌尔都语</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <translation>希伯来语</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>希腊语</translation>
    </message>
    <message>
        <source>Thai</source>
        <translation>泰语</translation>
    </message>
    <message>
        <source>Hindi</source>
        <translation>印地语</translation>
    </message>
</context>
<context>
    <name>messages</name>
    <message>
        <source>{path}: must be an integer, got {value}</source>
        <translation>{path}: 必须是整数，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a number, got {value}</source>
        <translation>{path}: 必须是数字，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a string, got {value}</source>
        <translation>{path}: 必须是字符串，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be true or false, got {value}</source>
        <translation>{path}: 必须是 true 或 false，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a list, got {value}</source>
        <translation>{path}: 必须是列表，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a mapping, got {value}</source>
        <translation>{path}: 必须是映射（键: 值），当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be an integer or null, got {value}</source>
        <translation>{path}: 必须是整数或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a number or null, got {value}</source>
        <translation>{path}: 必须是数字或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a string or null, got {value}</source>
        <translation>{path}: 必须是字符串或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be one of {choices}, got {value}</source>
        <translation>{path}: 必须是 {choices} 之一，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a finite number, got {value}</source>
        <translation>{path}: 必须是有限的数字，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a positive integer, got {value}</source>
        <translation>{path}: 必须是正整数，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a positive number, got {value}</source>
        <translation>{path}: 必须是正数，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be at least {low}, got {value}</source>
        <translation>{path}: 不能小于 {low}，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be at most {high}, got {value}</source>
        <translation>{path}: 不能大于 {high}，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be below {limit}, got {value}</source>
        <translation>{path}: 必须小于 {limit}，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a list of {n} items, got {value}</source>
        <translation>{path}: 必须是含 {n} 项的列表，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a mapping of keys to values, got {value}</source>
        <translation>{path}: 必须是键到值的映射，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: unknown key; expected one of: {keys}</source>
        <translation>{path}: 未知的键；应为以下之一：{keys}</translation>
    </message>
    <message>
        <source>{path}: not valid YAML ({text}); write a list like [a, b] or a mapping like {{name: 1.0}}</source>
        <translation>{path}: 不是有效的 YAML（{text}）；请写成 [a, b] 这样的列表或 {{name: 1.0}} 这样的映射</translation>
    </message>
    <message>
        <source>no preset loaded; open a preset first</source>
        <translation>尚未加载预设；请先打开一个预设</translation>
    </message>
    <message>
        <source>{where}: option {name} {pattern} takes over {seconds} s on a text of {n} characters ({text}…): it backtracks without end; rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+</source>
        <translation>{where}：选项 {name} {pattern} 在一段 {n} 个字符的文本（{text}…）上耗时超过 {seconds} 秒：它会无休止地回溯；请改写嵌套或重叠的重复，例如把 (a+)+ 或 (a|aa)+ 改为 a+</translation>
    </message>
    <message>
        <source>training.init_from: the warm start {path} is missing; reinstall GRPO Studio, or write it again with python tools/make_warm_start.py</source>
        <translation>training.init_from：缺少热启动文件 {path}；请重新安装 GRPO Studio，或用 python tools/make_warm_start.py 重新生成它</translation>
    </message>
    <message>
        <source>training.init_from: the warm start {path} is missing; give the path of a warm start file, or clear the setting to start from random weights</source>
        <translation>training.init_from：缺少热启动文件 {path}；请给出一个热启动文件的路径，或清空此设置以从随机权重开始</translation>
    </message>
    <message>
        <source>model.arch: {arch} cannot train the {task} task; pick {archs} or another task</source>
        <translation>model.arch：{arch} 不能训练 {task} 任务；请选择 {archs}，或换一个任务</translation>
    </message>
    <message>
        <source>task.name: {arch} cannot train the {task} task; pick {tasks}, or {where}</source>
        <translation>task.name：{arch} 不能训练 {task} 任务；请选择 {tasks}，或{where}</translation>
    </message>
    <message>
        <source>{keys}: {values} has no {fields}, settings of {old}; {where}</source>
        <translation>{keys}：{values} 没有 {fields}，这些是 {old} 的设置；{where}</translation>
    </message>
    <message>
        <source>{keys}: {values} have no {fields}, settings of {old}; {where}</source>
        <translation>{keys}：{values} 没有 {fields}，这些是 {old} 的设置；{where}</translation>
    </message>
    <message>
        <source>start from the {presets} preset</source>
        <translation>从预设 {presets} 开始</translation>
    </message>
    <message>
        <source>write a preset file of your own with {sections} (the rest keep their defaults)</source>
        <translation>自己写一个预设文件，写明 {sections}（其余设置取默认值）</translation>
    </message>
    <message>
        <source>{where}: an experiment compares at least {n} variants, got {got}; add another variant or remove the experiment</source>
        <translation>{where}：实验至少要比较 {n} 个变体，这里只有 {got} 个；再添加一个变体，或去掉这个实验</translation>
    </message>
    <message>
        <source>{where}: at most {n} variants train side by side on this machine, got {got}; remove {extra}</source>
        <translation>{where}：这台机器上最多并排训练 {n} 个变体，这里有 {got} 个；删掉 {extra} 个</translation>
    </message>
    <message>
        <source>{who}: {path} cannot differ between variants: they share the model, the task, the data and the warm-up; a variant changes grpo.* or stages.grpo.* settings (group size, beta, the learning rate, a shuffled reward)</source>
        <translation>{who}：各变体的 {path} 不能不同：它们共用模型、任务、数据和预热；变体只改动 grpo.* 或 stages.grpo.* 设置（组大小、beta、学习率、打乱的奖励）</translation>
    </message>
    <message>
        <source>{where}: unknown setting; check its spelling against the preset&apos;s grpo and stages.grpo settings</source>
        <translation>{where}：没有这项设置；对照预设的 grpo 和 stages.grpo 设置检查拼写</translation>
    </message>
    <message>
        <source>{where}: {label} names two variants; name each its own</source>
        <translation>{where}：{label} 是两个变体的名字；给每个变体起自己的名字</translation>
    </message>
    <message>
        <source>{where}: variants {first} and {second} have the same settings, so they would draw the same curves; change a setting of one</source>
        <translation>{where}：变体 {first} 和 {second} 的设置相同，会画出同样的曲线；改动其中一个的某项设置</translation>
    </message>
    <message>
        <source>{who}: stages.grpo.steps is 0, so the variant trains no GRPO step to compare; give the GRPO stage steps</source>
        <translation>{who}：stages.grpo.steps 为 0，这个变体没有可比较的 GRPO 步；给 GRPO 阶段一些步数</translation>
    </message>
    <message>
        <source>ui.experiment: this preset names no experiment; add two variants (Experiment… above the charts)</source>
        <translation>ui.experiment：这个预设没有实验；添加两个变体（图表上方的“实验…”）</translation>
    </message>
    <message>
        <source>{where}: give each variant a short name for the legend, e.g. &quot;G=2&quot;</source>
        <translation>{where}：给每个变体起一个图例用的短名字，例如“G=2”</translation>
    </message>
    <message>
        <source>{where}: {label} is longer than {n} characters; a legend needs a short name such as &quot;beta 0.04&quot;</source>
        <translation>{where}：{label} 超过 {n} 个字符；图例需要短名字，例如“beta 0.04”</translation>
    </message>
    <message>
        <source>{where}: unknown key; a variant has a label and its settings</source>
        <translation>{where}：未知的键；变体只有 label 和 settings</translation>
    </message>
    <message>
        <source>{who}: {path} is not a setting; write a field such as grpo.beta</source>
        <translation>{who}：{path} 不是一项设置；写一个字段，例如 grpo.beta</translation>
    </message>
    <message>
        <source>data.valid_fraction and data.test_fraction: {valid} + {test} holds out all the data, leaving none to train on; lower one of them</source>
        <translation>data.valid_fraction 和 data.test_fraction：{valid} + {test} 留出了全部数据，没有数据可供训练；请调低其中一个</translation>
    </message>
    <message>
        <source>stages.warmup.steps and stages.grpo.steps: both are 0, so nothing would train; give one of the stages some steps</source>
        <translation>stages.warmup.steps 和 stages.grpo.steps：两者都为 0，什么也不会训练；请给其中一个阶段设置一些步数</translation>
    </message>
    <message>
        <source>{path}: no such file or shipped preset; use a path or one of: {names}</source>
        <translation>{path}: 没有这个文件或内置预设；请使用文件路径或以下之一：{names}</translation>
    </message>
    <message>
        <source>{path}: is a folder; give a .yaml preset file</source>
        <translation>{path}: 是文件夹；请给出一个 .yaml 预设文件</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason})</source>
        <translation>{path}: 无法读取（{reason}）</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason}); check its permissions</source>
        <translation>{path}: 无法读取（{reason}）；请检查它的权限</translation>
    </message>
    <message>
        <source>{path}: is not valid UTF-16 text; save it as UTF-8</source>
        <translation>{path}: 不是有效的 UTF-16 文本；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>{path}: looks like {encoding} text without a byte-order mark, not UTF-8; re-save it as UTF-8</source>
        <translation>{path}: 看起来是没有字节顺序标记的 {encoding} 文本，不是 UTF-8；请重新另存为 UTF-8</translation>
    </message>
    <message>
        <source>{path}: no usable sentence pair ({summary}); {hint}</source>
        <translation>{path}: 没有可用的句对（{summary}）；{hint}</translation>
    </message>
    <message>
        <source>{path}: no such folder; {how}</source>
        <translation>{path}: 没有这个文件夹；{how}</translation>
    </message>
    <message>
        <source>{path}: is a file, not a folder; {how}</source>
        <translation>{path}: 是文件，不是文件夹；{how}</translation>
    </message>
    <message>
        <source>{path}: holds no class folders; {how}</source>
        <translation>{path}: 里面没有类别文件夹；{how}</translation>
    </message>
    <message>
        <source>{path}: no such file or folder; check the path, or leave data.path empty to use the built-in demo corpus</source>
        <translation>{path}: 没有这个文件或文件夹；请检查路径，或把 data.path 留空以使用内置演示语料</translation>
    </message>
    <message>
        <source>give a folder holding one subfolder of images per class (e.g. pets/cat/, pets/dog/)</source>
        <translation>请给出一个文件夹，其中每个类别一个存放图片的子文件夹（例如 pets/cat/、pets/dog/）</translation>
    </message>
    <message>
        <source>the file is empty: add one sentence pair per line</source>
        <translation>文件是空的：请每行添加一个句对</translation>
    </message>
    <message>
        <source>the file is not UTF-8 (GBK or Big5, perhaps?): save it as UTF-8</source>
        <translation>文件不是 UTF-8 编码（也许是 GBK 或 Big5？）：请另存为 UTF-8</translation>
    </message>
    <message>
        <source>each line needs a source and a target, separated by a tab (TSV) or a comma (CSV); check task.source_column and task.target_column</source>
        <translation>每行需要一个源句和一个目标句，用制表符（TSV）或逗号（CSV）分隔；请检查 task.source_column 和 task.target_column</translation>
    </message>
    <message>
        <source>raise data.max_length, or use shorter sentences</source>
        <translation>请调高 data.max_length，或使用更短的句子</translation>
    </message>
    <message>
        <source>each line of a JSONL file must be one JSON object</source>
        <translation>JSONL 文件的每一行必须是一个 JSON 对象</translation>
    </message>
    <message>
        <source>check the CSV quoting (a quote that opens a cell must close it)</source>
        <translation>请检查 CSV 的引号（开启单元格的引号必须闭合）</translation>
    </message>
    <message>
        <source>add sentence pairs with text on both sides</source>
        <translation>请添加两边都有文字的句对</translation>
    </message>
    <message>
        <source>kept {n} pairs</source>
        <translation>保留 {n} 个句对</translation>
    </message>
    <message>
        <source>kept {n} pair</source>
        <translation>保留 {n} 个句对</translation>
    </message>
    <message>
        <source>skipped {skips}</source>
        <translation>跳过 {skips}</translation>
    </message>
    <message>
        <source>{n} with a wrong column count ({lines})</source>
        <translation>{n} 行列数不对（{lines}）</translation>
    </message>
    <message>
        <source>{n} without source/target fields ({lines})</source>
        <translation>{n} 行缺少 source/target 字段（{lines}）</translation>
    </message>
    <message>
        <source>{n} with malformed CSV quoting ({lines})</source>
        <translation>{n} 行 CSV 引号有误（{lines}）</translation>
    </message>
    <message>
        <source>{n} empty ({lines})</source>
        <translation>{n} 行为空（{lines}）</translation>
    </message>
    <message>
        <source>{n} too long ({lines})</source>
        <translation>{n} 行过长（{lines}）</translation>
    </message>
    <message>
        <source>{n} undecodable ({lines})</source>
        <translation>{n} 行无法解码（{lines}）</translation>
    </message>
    <message>
        <source>{n} over {limit} characters, too long for a line ({lines})</source>
        <translation>{n} 行超过 {limit} 个字符，一行过长（{lines}）</translation>
    </message>
    <message>
        <source>the file looks like {encoding} text, not UTF-8: re-save it as UTF-8</source>
        <translation>文件看起来是 {encoding} 文本，不是 UTF-8：请重新另存为 UTF-8</translation>
    </message>
    <message>
        <source>a line is one sentence pair, and the limit is {limit} characters a line: check that the file is a table of pairs, one a line</source>
        <translation>一行是一个句对，每行上限为 {limit} 个字符：请检查文件是否为每行一个句对的表格</translation>
    </message>
    <message>
        <source>dropped {n} duplicates ({lines})</source>
        <translation>去掉 {n} 个重复项（{lines}）</translation>
    </message>
    <message>
        <source>dropped {n} duplicate ({lines})</source>
        <translation>去掉 {n} 个重复项（{lines}）</translation>
    </message>
    <message>
        <source>lines {numbers}</source>
        <translation>第 {numbers} 行</translation>
    </message>
    <message>
        <source>line {number}</source>
        <translation>第 {number} 行</translation>
    </message>
    <message>
        <source>Built-in demo corpus: {n} pairs, {direction}</source>
        <translation>内置演示语料：{n} 个句对，{direction}</translation>
    </message>
    <message>
        <source>Sentence pairs given directly: {n} pairs, {direction}</source>
        <translation>直接给出的句对：{n} 个，{direction}</translation>
    </message>
    <message>
        <source>split: {parts}</source>
        <translation>划分：{parts}</translation>
    </message>
    <message>
        <source>train {train}, valid {valid}, test {test}</source>
        <translation>训练 {train}，验证 {valid}，测试 {test}</translation>
    </message>
    <message>
        <source>{path}: kept {n} pairs</source>
        <translation>{path}：保留 {n} 个句对</translation>
    </message>
    <message>
        <source>{path}: kept {n} pair</source>
        <translation>{path}：保留 {n} 个句对</translation>
    </message>
    <message>
        <source>line {number} read as a header</source>
        <translation>第 {number} 行被当作表头</translation>
    </message>
    <message>
        <source>line numbers are positions in the JSON array</source>
        <translation>行号是在 JSON 数组中的位置</translation>
    </message>
    <message>
        <source>removed {n} byte-order mark inside {name} ({lines}): files joined together? they are not text</source>
        <translation>删除了 {name} 内部的 {n} 个字节顺序标记（{lines}）：是几个文件拼在一起了吗？它们不是文本</translation>
    </message>
    <message>
        <source>removed {n} byte-order marks inside {name} ({lines}): files joined together? they are not text</source>
        <translation>删除了 {name} 内部的 {n} 个字节顺序标记（{lines}）：是几个文件拼在一起了吗？它们不是文本</translation>
    </message>
    <message>
        <source>counted from 0, as task.source_column and task.target_column count</source>
        <translation>从 0 开始计数，与 task.source_column 和 task.target_column 的计数方式相同</translation>
    </message>
    <message>
        <source>valid split of {n}: {why}</source>
        <translation>验证集 {n} 个：{why}</translation>
    </message>
    <message>
        <source>test split of {n}: {why}</source>
        <translation>测试集 {n} 个：{why}</translation>
    </message>
    <message>
        <source>stages.warmup.min_gain {n}: better means {gain} chrF above the best; smaller rises are the noise of a few hundred sentences</source>
        <translation>stages.warmup.min_gain {n}：比最佳高出 {gain} chrF 才算更好；更小的提升只是几百个句子的噪声</translation>
    </message>
    <message>
        <source>stages.warmup.patience {n}: the warm-up ends after {evals} evaluations without a better valid chrF</source>
        <translation>stages.warmup.patience {n}：连续 {evals} 次评估验证集 chrF 没有提升，预热即结束</translation>
    </message>
    <message>
        <source>stages.warmup.batch_tokens {n}: pairs of like length, about {k} a batch</source>
        <translation>stages.warmup.batch_tokens {n}：长度相近的句对组成批次，每批约 {k} 对</translation>
    </message>
    <message>
        <source>{k} pairs drawn at random are {share} padding in this file</source>
        <translation>在这个文件里随机抽取的 {k} 个句对中有 {share} 是填充</translation>
    </message>
    <message>
        <source>task.label_smoothing {n}: real text has many right translations</source>
        <translation>task.label_smoothing {n}：真实文本有许多正确的译法</translation>
    </message>
    <message>
        <source>the warm-up is not taught to be sure of one</source>
        <translation>预热不会被教得只认定其中一种</translation>
    </message>
    <message>
        <source>stages.warmup.lr_schedule cosine: the learning rate decays to the warm-up&apos;s planned end, where a small step polishes what a large one found</source>
        <translation>stages.warmup.lr_schedule cosine：学习率按余弦衰减到预热计划的终点，小步长在那里打磨大步长找到的结果</translation>
    </message>
    <message>
        <source>stages.warmup.lr {n}, warmed up over {k} steps</source>
        <translation>stages.warmup.lr {n}，在 {k} 步内逐渐升到该值</translation>
    </message>
    <message>
        <source>stages.warmup.average_last {n}: the warm-up ends with the average of the weights at its last {k} evaluations when it scores better than the last weights</source>
        <translation>stages.warmup.average_last {n}：若最后 {k} 次评估时权重的平均值得分高于最后的权重，预热以该平均值结束</translation>
    </message>
    <message>
        <source>a levelled-off warm-up&apos;s weights wander around a better point</source>
        <translation>已趋平稳的预热，其权重在一个更好的点附近徘徊</translation>
    </message>
    <message>
        <source>task.length_penalty {n}: GRPO&apos;s reward also counts how close a translation&apos;s length is to the reference&apos;s</source>
        <translation>task.length_penalty {n}：GRPO 的奖励也计入译文长度与参考译文长度的接近程度</translation>
    </message>
    <message>
        <source>on chrF alone GRPO&apos;s translations of real text grow longer than the references</source>
        <translation>只用 chrF 时，GRPO 对真实文本的译文会变得比参考译文更长</translation>
    </message>
    <message>
        <source>task.chrf_beta {n}: GRPO&apos;s reward weighs recall {k} times as much as precision, as the test&apos;s chrF does</source>
        <translation>task.chrf_beta {n}：GRPO 的奖励对召回率的权重是精确率的 {k} 倍，与测试的 chrF 相同</translation>
    </message>
    <message>
        <source>weighed alike, GRPO&apos;s translations of real text sampled at {t} came out shorter than the references</source>
        <translation>两者权重相同时，GRPO 以温度 {t} 采样的真实文本译文比参考译文短</translation>
    </message>
    <message>
        <source>stages.grpo.lr {n}: smaller steps than the preset&apos;s</source>
        <translation>stages.grpo.lr {n}：比预设更小的步长</translation>
    </message>
    <message>
        <source>on real text GRPO&apos;s larger ones lose more of what the warm-up learned than its reward wins</source>
        <translation>在真实文本上，GRPO 用较大的步长时，丢掉的预热所学多于它的奖励换来的</translation>
    </message>
    <message>
        <source>eval.test_decoding {n}: the test split is translated by a beam search, once at the end</source>
        <translation>eval.test_decoding {n}：测试集用束搜索翻译，只在最后翻译一次</translation>
    </message>
    <message>
        <source>on real text it scored higher than greedy decoding, in several times the time</source>
        <translation>在真实文本上它的得分高于贪心解码，用时是贪心解码的数倍</translation>
    </message>
    <message>
        <source>grpo.unsure_temperature {n}: GRPO samples at {t} if the policy at its start is unsure of its words</source>
        <translation>grpo.unsure_temperature {n}：如果策略在 GRPO 开始时对所选词没把握，GRPO 就以 {t} 采样</translation>
    </message>
    <message>
        <source>sampled at 1, an unsure policy&apos;s translations carry stray words</source>
        <translation>以 1 采样时，没把握的策略的译文会夹带不相干的词</translation>
    </message>
    <message>
        <source>GRPO samples at temperature {t}: the policy at its start is unsure of its words ({e} nats a sampled token at temperature 1, over {limit})</source>
        <translation>GRPO 以温度 {t} 采样：策略在开始时对所选词没把握（温度 1 时每个采样词元 {e} nats，超过 {limit}）</translation>
    </message>
    <message>
        <source>GRPO samples at temperature {t}: the policy at its start is sure enough of its words ({e} nats a sampled token at temperature 1, {limit} at most)</source>
        <translation>GRPO 以温度 {t} 采样：策略在开始时对所选词足够有把握（温度 1 时每个采样词元 {e} nats，不超过 {limit}）</translation>
    </message>
    <message>
        <source>grpo.temperature {n}: GRPO samples nearer the model&apos;s best translation</source>
        <translation>grpo.temperature {n}：GRPO 的采样更接近模型最好的翻译</translation>
    </message>
    <message>
        <source>at 1 the samples of real text carry stray words, and GRPO ended lower on real text</source>
        <translation>温度为 1 时，真实文本的采样会夹带无关的词，GRPO 在真实文本上的结果更低</translation>
    </message>
    <message>
        <source>training.weight_decay {n}: every step draws the weights a little towards zero</source>
        <translation>training.weight_decay {n}：每一步都把权重向零拉近一点</translation>
    </message>
    <message>
        <source>the warm-up learns fewer of the pairs by heart and translates new sentences better</source>
        <translation>预热死记硬背的句对更少，翻译新句子更好</translation>
    </message>
    <message>
        <source>model.dropout {n}: with {k} training pairs dropout slows the warm-up more than it helps within the time budget</source>
        <translation>model.dropout {n}：有 {k} 个训练句对时，在时间预算内 dropout 拖慢预热的代价大于它的帮助</translation>
    </message>
    <message>
        <source>weight decay holds back learning the pairs by heart instead, at no cost in time</source>
        <translation>改用权重衰减来抑制死记硬背句对，不额外耗时</translation>
    </message>
    <message>
        <source>model.dropout {n}: {k} training pairs are too many for the warm-up to learn by heart in its time</source>
        <translation type="vanished">model.dropout {n}：{k} 个训练句对太多，预热在它的时间内背不下来</translation>
    </message>
    <message>
        <source>without dropout it learns them faster</source>
        <translation type="vanished">不用 dropout 学得更快</translation>
    </message>
    <message>
        <source>stages.warmup.average_last {n}: at its end the warm-up averages the weights of its last {k} evaluations and goes on with the average if it translates the valid split better</source>
        <translation type="vanished">stages.warmup.average_last {n}：预热结束时对其最后 {k} 次评估时的权重取平均，若平均后的模型在验证集上翻译得更好，就从平均后的权重继续</translation>
    </message>
    <message>
        <source>run.time_budget {n}: the stages are planned from a short measurement on this machine to end within it (empty: no budget)</source>
        <translation>run.time_budget {n}：根据在本机上的简短测量规划各阶段，使运行在此时间内结束（留空：不设预算）</translation>
    </message>
    <message>
        <source>{path}: kept at {value}, you set it</source>
        <translation>{path}：保持为 {value}，这是你设的</translation>
    </message>
    <message>
        <source>the fit would choose {source} for the source, {target} for the target</source>
        <translation>按数据调整会选源语言 {source}、目标语言 {target}</translation>
    </message>
    <message>
        <source>the fit would choose {value}</source>
        <translation>按数据调整会选 {value}</translation>
    </message>
    <message>
        <source>the budget would try {value}</source>
        <translation>内存预算会尝试 {value}</translation>
    </message>
    <message>
        <source>the budget would lower it</source>
        <translation>内存预算会调低它</translation>
    </message>
    <message>
        <source>a cap for a warm-up still improving: the patience should end it first</source>
        <translation>这是给仍在进步的预热设的上限：通常应先由 patience 结束</translation>
    </message>
    <message>
        <source>source {code} ({language}): {column}</source>
        <translation>源语言 {code}（{language}）：{column}</translation>
    </message>
    <message>
        <source>target {code} ({language}): {column}</source>
        <translation>目标语言 {code}（{language}）：{column}</translation>
    </message>
    <message>
        <source>source {code}: {column}</source>
        <translation>源语言 {code}：{column}</translation>
    </message>
    <message>
        <source>target {code}: {column}</source>
        <translation>目标语言 {code}：{column}</translation>
    </message>
    <message>
        <source>column {index} &quot;{name}&quot; ({what}, e.g. {example})</source>
        <translation>第 {index} 列“{name}”（{what}，例如 {example}）</translation>
    </message>
    <message>
        <source>column {index} ({what}, e.g. {example})</source>
        <translation>第 {index} 列（{what}，例如 {example}）</translation>
    </message>
    <message>
        <source>column {index} &quot;{name}&quot; ({what})</source>
        <translation>第 {index} 列“{name}”（{what}）</translation>
    </message>
    <message>
        <source>column {index} ({what})</source>
        <translation>第 {index} 列（{what}）</translation>
    </message>
    <message>
        <source>{script} script</source>
        <translation>{script}</translation>
    </message>
    <message>
        <source>no letters</source>
        <translation>没有字母</translation>
    </message>
    <message>
        <source>licence notes, ids or links</source>
        <translation>许可说明、编号或链接</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>task.walls: each wall is a [row, column] pair, got {value}; write it like [1, 2]</source>
        <translation>task.walls：每堵墙是一个 [行, 列] 对，得到的是 {value}；请写成 [1, 2] 这样</translation>
    </message>
    <message>
        <source>task.walls: [{row}, {column}] is outside the grid ({size} cells a side); rows and columns go from 0 to {last}</source>
        <translation>task.walls：[{row}, {column}] 在网格之外（每边 {size} 格）；行和列的取值为 0 到 {last}</translation>
    </message>
    <message>
        <source>task.walls: [{row}, {column}] is the start cell; a wall cannot stand there, pick another cell</source>
        <translation>task.walls：[{row}, {column}] 是起点格；那里不能放墙，请换一个格子</translation>
    </message>
    <message>
        <source>task.walls: [{row}, {column}] is the goal cell; a wall cannot stand there, pick another cell</source>
        <translation>task.walls：[{row}, {column}] 是终点格；那里不能放墙，请换一个格子</translation>
    </message>
    <message>
        <source>task.walls: these walls leave no way from the start to the goal; remove one of them (in the Policy tab: click it again)</source>
        <translation>task.walls：这些墙使起点无路可通终点；请移除其中一堵（在“策略”页：再点击它一次）</translation>
    </message>
    <message>
        <source>task.walls: the shortest way round these walls takes {moves} moves, more than the step limit task.max_steps ({limit}); remove a wall or raise task.max_steps</source>
        <translation>task.walls：绕过这些墙的最短路线需要 {moves} 步，超过了步数上限 task.max_steps（{limit}）；请移除一堵墙或提高 task.max_steps</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is not a duration</source>
        <translation>run.time_budget：“{text}”不是时长</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is no time at all</source>
        <translation>run.time_budget：“{text}”的时长为零</translation>
    </message>
    <message>
        <source>write a duration such as 30 min, 1h, 1h30m or 90s (a plain number is seconds), or leave it empty for no budget</source>
        <translation>请写时长，如 30 min、1h、1h30m 或 90s（纯数字为秒），或留空表示不设预算</translation>
    </message>
    <message>
        <source>time budget reached</source>
        <translation>时间预算已用完</translation>
    </message>
    <message>
        <source>{stage} end: the average of the weights at its last {k} evaluations scores {metric} {averaged} on the held-out split, the last weights {last}: went on with the average</source>
        <translation>{stage} 结束：最后 {k} 次评估时权重的平均在留出集上的 {metric} 为 {averaged}，最后的权重为 {last}：改用平均后的权重继续</translation>
    </message>
    <message>
        <source>{stage} end: the average of the weights at its last {k} evaluations scores {metric} {averaged} on the held-out split, the last weights {last}: kept the last weights</source>
        <translation>{stage} 结束：最后 {k} 次评估时权重的平均在留出集上的 {metric} 为 {averaged}，最后的权重为 {last}：保留最后的权重</translation>
    </message>
    <message>
        <source>time budget {budget}: the estimate, {estimate}, fits</source>
        <translation>时间预算 {budget}：估计用时 {estimate}，放得下</translation>
    </message>
    <message>
        <source>time budget {budget}: the estimate, {estimate}, does not fit</source>
        <translation>时间预算 {budget}：估计用时 {estimate}，放不下</translation>
    </message>
    <message>
        <source>{path}: {old} -&gt; {new} steps</source>
        <translation>{path}：{old} -&gt; {new} 步</translation>
    </message>
    <message>
        <source>estimate now {estimate}</source>
        <translation>现在估计 {estimate}</translation>
    </message>
    <message>
        <source>the run may not fit: it ends at the budget ({budget}), time budget reached</source>
        <translation>运行可能放不下：在预算（{budget}）用完时结束，时间预算已用完</translation>
    </message>
    <message>
        <source>the budget would shorten it</source>
        <translation>预算本会缩短它</translation>
    </message>
    <message>
        <source>level {level}, {rows}x{cols}, seed {seed}, shortest {moves}</source>
        <translation>第 {level} 级，{rows}×{cols}，种子 {seed}，最短 {moves} 步</translation>
    </message>
    <message>
        <source>{split} image {index} ({shape})</source>
        <translation>{split}图像 {index}（{shape}）</translation>
    </message>
    <message>
        <source>{split} image {index}</source>
        <translation>{split}图像 {index}</translation>
    </message>
    <message>
        <source>columns matched by script</source>
        <translation>按文字系统匹配各列</translation>
    </message>
    <message>
        <source>columns matched by script and language identification</source>
        <translation>按文字系统和语言识别匹配各列</translation>
    </message>
    <message>
        <source>columns matched named by the file ({names})</source>
        <translation>按文件给出的名称匹配各列（{names}）</translation>
    </message>
    <message>
        <source>counted from 0, as {settings} count</source>
        <translation type="vanished">从 0 开始计数，与 {settings} 的计数方式相同</translation>
    </message>
    <message>
        <source>ignored {column}</source>
        <translation>忽略{column}</translation>
    </message>
    <message>
        <source>chosen for this data (task.fit_to_data):</source>
        <translation>为这份数据选定（task.fit_to_data）：</translation>
    </message>
    <message>
        <source>  {setting}</source>
        <translation>  {setting}</translation>
    </message>
    <message>
        <source>valid and test splits of {n}: {why}</source>
        <translation>验证集和测试集各 {n} 个：{why}</translation>
    </message>
    <message>
        <source>a tenth of the pairs</source>
        <translation>句对的十分之一</translation>
    </message>
    <message>
        <source>5% of the pairs, between 500 and 1,000: enough for a steady chrF</source>
        <translation>句对的 5%，介于 500 到 1,000 之间：足以得到稳定的 chrF</translation>
    </message>
    <message>
        <source>shared vocabulary {n}: {why}</source>
        <translation>共享词表 {n}：{why}</translation>
    </message>
    <message>
        <source>source vocabulary {n} ({kind}): {why}</source>
        <translation>源语言词表 {n}（{kind}）：{why}</translation>
    </message>
    <message>
        <source>target vocabulary {n} ({kind}): {why}</source>
        <translation>目标语言词表 {n}（{kind}）：{why}</translation>
    </message>
    <message>
        <source>the characters seen at least {n} times</source>
        <translation>出现至少 {n} 次的字符</translation>
    </message>
    <message>
        <source>{k} x the square root of its {n} words</source>
        <translation>{k} × 其 {n} 个词的平方根</translation>
    </message>
    <message>
        <source>eval.size {n}: the whole valid split</source>
        <translation>eval.size {n}：整个验证集</translation>
    </message>
    <message>
        <source>eval.every {n}: a whole valid split takes longer to evaluate</source>
        <translation>eval.every {n}：评估整个验证集需要更久</translation>
    </message>
    <message>
        <source>stages.warmup.stop_at off: the demo corpus&apos;s target means nothing for other data</source>
        <translation>stages.warmup.stop_at 关闭：演示语料的目标值对其他数据没有意义</translation>
    </message>
    <message>
        <source>stages.warmup.patience {n}: the warm-up ends after {evals} evaluations ({steps} steps) without a better valid chrF</source>
        <translation>stages.warmup.patience {n}：连续 {evals} 次评估（{steps} 步）验证集 chrF 没有提升，预热即结束</translation>
    </message>
    <message>
        <source>stages.warmup.steps {n}: at most {epochs} passes over the training pairs</source>
        <translation>stages.warmup.steps {n}：最多遍历训练句对 {epochs} 遍</translation>
    </message>
    <message>
        <source>the patience ends it first</source>
        <translation type="vanished">通常先由 patience 结束</translation>
    </message>
    <message>
        <source>kept {n} images in {k} classes ({classes})</source>
        <translation>保留 {n} 张图片，共 {k} 个类别（{classes}）</translation>
    </message>
    <message>
        <source>kept {n} images in {k} class ({classes})</source>
        <translation>保留 {n} 张图片，共 {k} 个类别（{classes}）</translation>
    </message>
    <message>
        <source>kept {n} image in {k} class ({classes})</source>
        <translation>保留 {n} 张图片，共 {k} 个类别（{classes}）</translation>
    </message>
    <message>
        <source>kept {n} images in {k} classes</source>
        <translation>保留 {n} 张图片，共 {k} 个类别</translation>
    </message>
    <message>
        <source>resumed at step {step}</source>
        <translation>从第 {step} 步继续</translation>
    </message>
    <message>
        <source>curriculum: level {level} unlocked</source>
        <translation>课程：解锁第 {level} 级</translation>
    </message>
    <message>
        <source>step {step}: loss or gradient was not finite</source>
        <translation>第 {step} 步：损失或梯度不是有限值</translation>
    </message>
    <message>
        <source>the update was skipped</source>
        <translation>已跳过这次更新</translation>
    </message>
    <message>
        <source>arithmetic ({ops}) with operands up to {n} digits</source>
        <translation>算术（{ops}），操作数最多 {n} 位</translation>
    </message>
    <message>
        <source>strings: {operation} strings of {low}..{high} characters from {alphabet}</source>
        <translation>字符串：{operation}，长度 {low}..{high} 个字符，取自 {alphabet}</translation>
    </message>
    <message>
        <source>{valid} validation and {test} test problems held out (never used for training)</source>
        <translation>留出 {valid} 道验证题和 {test} 道测试题（从不用于训练）</translation>
    </message>
    <message>
        <source>reached {metric} {value} &gt;= {target}</source>
        <translation>{metric} 达到 {value} &gt;= {target}</translation>
    </message>
    <message>
        <source>no better {metric} in {n} evaluations</source>
        <translation>连续 {n} 次评估{metric}没有提升</translation>
    </message>
    <message>
        <source>no {metric} more than {gain} above its best in {n} evaluations</source>
        <translation>连续 {n} 次评估{metric}没有比最佳值高出 {gain} 以上</translation>
    </message>
    <message>
        <source>all steps done</source>
        <translation>全部步数已完成</translation>
    </message>
    <message>
        <source>{n} steps</source>
        <translation>{n} 步</translation>
    </message>
    <message>
        <source>curriculum: stage {stage} of {stages}: the {unlocked} easiest of {scored} examples (scored in {seconds} s), mean reference loss {nll} nats/token against {all} for all</source>
        <translation>课程：第 {stage} / {stages} 阶段：{scored} 个样例中最容易的 {unlocked} 个（打分用时 {seconds} 秒），参考答案平均损失 {nll} 奈特/词元，全部样例为 {all}</translation>
    </message>
    <message>
        <source>curriculum: stage {stage} of {stages}: the whole training set</source>
        <translation>课程：第 {stage} / {stages} 阶段：整个训练集</translation>
    </message>
    <message>
        <source>No NVIDIA GPU in use ({reason})</source>
        <translation>未使用 NVIDIA GPU（{reason}）</translation>
    </message>
    <message>
        <source>memory budget {budget}: the estimate, {estimate}, fits</source>
        <translation>内存预算 {budget}：估计 {estimate}，放得下</translation>
    </message>
    <message>
        <source>nothing changed</source>
        <translation>未做任何更改</translation>
    </message>
    <message>
        <source>memory budget {budget}: the estimate, {estimate}, does not fit</source>
        <translation>内存预算 {budget}：估计 {estimate}，放不下</translation>
    </message>
    <message>
        <source>changed:</source>
        <translation>已更改：</translation>
    </message>
    <message>
        <source>{changes}: the same examples per optimizer step, in more passes of fewer (slower, the same numbers)</source>
        <translation>{changes}：每次优化器更新的样本数不变，分成更多、更小的批次（更慢，数值相同）</translation>
    </message>
    <message>
        <source>{changes}: recompute blocks in the backward pass instead of keeping their activations (slower, the same numbers)</source>
        <translation>{changes}：在反向传播中重算模块，而不保存其激活值（更慢，数值相同）</translation>
    </message>
    <message>
        <source>{changes}: 16-bit activations (slightly different numbers)</source>
        <translation>{changes}：16 位激活值（数值略有不同）</translation>
    </message>
    <message>
        <source>{changes}: fewer samples per prompt: this changes the algorithm (smaller groups, noisier advantages), so it comes last</source>
        <translation>{changes}：每个提示的采样更少：这会改变算法（组更小，优势值噪声更大），所以放在最后</translation>
    </message>
    <message>
        <source>estimate now {estimate} of {budget}, at the peak of the {stage} stage:</source>
        <translation>现在估计 {estimate}（预算 {budget}），峰值在{stage}阶段：</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>weights {size}</source>
        <translation>权重 {size}</translation>
    </message>
    <message>
        <source>gradients {size}</source>
        <translation>梯度 {size}</translation>
    </message>
    <message>
        <source>AdamW state {size}</source>
        <translation>AdamW 状态 {size}</translation>
    </message>
    <message>
        <source>reference model {size}</source>
        <translation>参考模型 {size}</translation>
    </message>
    <message>
        <source>teacher model {size}</source>
        <translation>教师模型 {size}</translation>
    </message>
    <message>
        <source>activations {size}</source>
        <translation>激活值 {size}</translation>
    </message>
    <message>
        <source>KV cache {size}</source>
        <translation>KV 缓存 {size}</translation>
    </message>
    <message>
        <source>the process itself {size}</source>
        <translation>进程本身 {size}</translation>
    </message>
    <message>
        <source>{size} free on {gpu} (GPU {index})</source>
        <translation>{gpu}（GPU {index}）空闲 {size}</translation>
    </message>
    <message>
        <source>{size}: the RAM available and this process&apos;s</source>
        <translation>{size}：可用内存加上本进程已占用的内存</translation>
    </message>
    <message>
        <source>training.memory_budget: {budget} is less than the smallest estimate reached, {estimate} (with {settings}), of which {part} takes {size}</source>
        <translation>training.memory_budget：{budget} 小于能达到的最小估计 {estimate}（设置为 {settings}），其中{part}占 {size}</translation>
    </message>
    <message>
        <source>the settings as they are</source>
        <translation>现有设置</translation>
    </message>
    <message>
        <source>you set {path} to {value}</source>
        <translation>{path} 是你设为 {value} 的</translation>
    </message>
    <message>
        <source>it keeps {path} as you set it</source>
        <translation>{path} 保持你设的值</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>AdamW state</source>
        <translation>AdamW 状态</translation>
    </message>
    <message>
        <source>reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>teacher model</source>
        <translation>教师模型</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>the process itself</source>
        <translation>进程本身</translation>
    </message>
    <message>
        <source>raise the budget, or {fix}</source>
        <translation>请提高预算，或{fix}</translation>
    </message>
    <message>
        <source>use a smaller model (fewer layers, a narrower d_model)</source>
        <translation>使用更小的模型（更少的层，更窄的 d_model）</translation>
    </message>
    <message>
        <source>set grpo.beta: 0 (no KL reference model) or use a smaller model</source>
        <translation>设置 grpo.beta: 0（不用 KL 参考模型）或使用更小的模型</translation>
    </message>
    <message>
        <source>pick a smaller teacher run (distill.teacher) or clear distill.teacher</source>
        <translation>选一个更小的教师运行（distill.teacher），或清空 distill.teacher</translation>
    </message>
    <message>
        <source>shorten the sequences (data.max_length, grpo.max_new_tokens) or lower stages.*.batch_size</source>
        <translation>缩短序列（data.max_length、grpo.max_new_tokens）或减小 stages.*.batch_size</translation>
    </message>
    <message>
        <source>shorten the completions (grpo.max_new_tokens) or lower stages.grpo.batch_size</source>
        <translation>缩短生成长度（grpo.max_new_tokens）或减小 stages.grpo.batch_size</translation>
    </message>
    <message>
        <source>close other programs (this process holds that much before training starts)</source>
        <translation>关闭其他程序（训练开始前本进程已占用这么多）</translation>
    </message>
    <message>
        <source>training.memory_budget: &quot;{text}&quot; is not a memory size</source>
        <translation>training.memory_budget：“{text}”不是内存大小</translation>
    </message>
    <message>
        <source>training.memory_budget: &quot;{text}&quot; is no memory at all</source>
        <translation>training.memory_budget：“{text}”等于没有内存</translation>
    </message>
    <message>
        <source>write a size such as 4GB, 6 GB or 512MB (a plain number is GB), or free (what the GPU has free, on the CPU the RAM available), or leave it empty for no budget</source>
        <translation>请写一个大小，如 4GB、6 GB 或 512MB（只写数字即为 GB），或写“空闲”（GPU 当前空闲的显存，在 CPU 上为可用内存），或留空表示不设预算</translation>
    </message>
    <message>
        <source>training.memory_budget: free reads the GPU&apos;s free memory through NVML, which failed ({reason})</source>
        <translation>training.memory_budget：“空闲”通过 NVML 读取 GPU 的空闲显存，但读取失败（{reason}）</translation>
    </message>
    <message>
        <source>give a size such as 6GB instead</source>
        <translation>请改写一个大小，如 6GB</translation>
    </message>
    <message>
        <source>{run}: has no ONNX export yet ({file} is missing); export it first ({command})</source>
        <translation>{run}：还没有 ONNX 导出（缺少 {file}）；请先导出（{command}）</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 层</translation>
    </message>
    <message>
        <source>{n} weight layers</source>
        <translation>{n} 个权重层</translation>
    </message>
</context>
<context>
    <name>metrics</name>
    <message>
        <source>Loss (warm-up: nats/token; GRPO: unitless)</source>
        <translation>损失（预热：nats/词元；GRPO：无单位）</translation>
    </message>
    <message>
        <source>Reward (mean ± std)</source>
        <translation>奖励（均值 ± 标准差）</translation>
    </message>
    <message>
        <source>Held-out metric</source>
        <translation>留出集指标</translation>
    </message>
    <message>
        <source>Groups with equal rewards (%)</source>
        <translation>奖励全部相同的组 (%)</translation>
    </message>
    <message>
        <source>KL to reference (nats/token)</source>
        <translation>相对参考模型的 KL（nats/词元）</translation>
    </message>
    <message>
        <source>Clipped tokens (%)</source>
        <translation>被裁剪的词元 (%)</translation>
    </message>
    <message>
        <source>Entropy (nats/token)</source>
        <translation>熵（nats/词元）</translation>
    </message>
    <message>
        <source>Completion length (tokens)</source>
        <translation>补全长度（词元）</translation>
    </message>
    <message>
        <source>Learning rate (log axis)</source>
        <translation>学习率（对数轴）</translation>
    </message>
    <message>
        <source>Gradient norm (L2, log axis)</source>
        <translation>梯度范数（L2，对数轴）</translation>
    </message>
    <message>
        <source>Time per phase (s)</source>
        <translation>各阶段耗时（秒）</translation>
    </message>
    <message>
        <source>Throughput (per second)</source>
        <translation>吞吐量（每秒）</translation>
    </message>
    <message>
        <source>Other held-out metrics</source>
        <translation>其他留出集指标</translation>
    </message>
    <message>
        <source>Sparsity (% of prunable weights at zero)</source>
        <translation type="vanished">稀疏度（可剪枝权重中为零的百分比）</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>nats/token (warm-up), unitless (GRPO)</source>
        <translation>nats/词元（预热），无单位（GRPO）</translation>
    </message>
    <message>
        <source>Warm-up: cross-entropy of the references. GRPO: the clipped surrogate plus the KL term; it averages near 0 because advantages do, and says little on its own.</source>
        <translation type="vanished">预热：参考答案的交叉熵。GRPO：裁剪后的替代目标加上 KL 项；由于优势的平均值接近 0，它的平均值也接近 0，单看它说明不了什么。</translation>
    </message>
    <message>
        <source>Warm-up: falls fast, then flattens. GRPO: small values around 0.</source>
        <translation>预热：先快速下降，然后趋平。GRPO：在 0 附近的小数值。</translation>
    </message>
    <message>
        <source>Warm-up: flat from the start (lr too low) or rising (lr too high). GRPO: large swings away from 0.</source>
        <translation>预热：从一开始就平坦（学习率太低）或在上升（学习率太高）。GRPO：远离 0 的大幅波动。</translation>
    </message>
    <message>
        <source>total reward</source>
        <translation>总奖励</translation>
    </message>
    <message>
        <source>The weighted sum of the reward functions, averaged over every sampled answer of the step (the shipped rewards are 0-1 each, the grid world&apos;s return at most 1).</source>
        <translation>各奖励函数的加权和，对这一步所有采样回答取平均（内置的每个奖励都在 0-1 之间，网格世界的回报最多为 1）。</translation>
    </message>
    <message>
        <source>Rises over GRPO steps, with a band that narrows as answers agree.</source>
        <translation>随 GRPO 步数上升，随着回答趋于一致，阴影带变窄。</translation>
    </message>
    <message>
        <source>Flat: groups teach nothing (see equal-reward groups). Rising while the held-out metric falls: the reward is being gamed.</source>
        <translation>平坦：组什么也教不了（见奖励全部相同的组）。上升而留出集指标下降：奖励被钻了空子。</translation>
    </message>
    <message>
        <source>total reward std</source>
        <translation>总奖励标准差</translation>
    </message>
    <message>
        <source>Spread of the total reward over the step&apos;s answers (the band around the curve).</source>
        <translation>这一步各回答总奖励的离散程度（曲线周围的阴影带）。</translation>
    </message>
    <message>
        <source>Some spread: answers to a prompt differ, so groups carry a signal.</source>
        <translation>有一定离散：同一提示的回答各不相同，所以组带有学习信号。</translation>
    </message>
    <message>
        <source>Zero: every answer scored the same and nothing is learned.</source>
        <translation>为零：每个回答得分相同，什么也学不到。</translation>
    </message>
    <message>
        <source>&lt;name&gt;</source>
        <translation>&lt;name&gt;</translation>
    </message>
    <message>
        <source>One reward function on its own, unweighted (e.g. correct, format; chrF and BLEU rewards are sentence scores 0-1, not the 0-100 of the held-out chrF).</source>
        <translation>单个奖励函数本身，未加权（例如“正确”“格式”；chrF 和 BLEU 奖励是 0-1 的句子分数，而不是留出集 chrF 的 0-100）。</translation>
    </message>
    <message>
        <source>The functions that matter most rise; an easy one (format) reaches 1 early.</source>
        <translation>最重要的那些函数在上升；容易的（format）很早就到 1。</translation>
    </message>
    <message>
        <source>One function rises while the others fall: it is being traded for them.</source>
        <translation>一个函数上升而其他下降：模型在用其他奖励换它。</translation>
    </message>
    <message>
        <source>&lt;name&gt; std</source>
        <translation>&lt;name&gt; 标准差</translation>
    </message>
    <message>
        <source>Spread of one reward function over the step&apos;s answers.</source>
        <translation>单个奖励函数在这一步各回答上的离散程度。</translation>
    </message>
    <message>
        <source>Some spread while that reward is still being learned.</source>
        <translation>在该奖励还在学习时有一定离散。</translation>
    </message>
    <message>
        <source>Zero from the start: that function cannot tell the answers apart.</source>
        <translation>从一开始就为零：该函数无法区分各个回答。</translation>
    </message>
    <message>
        <source>equal-reward groups</source>
        <translation>奖励全同的组</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Share of groups whose G answers all got the same reward: their advantages are 0 and they teach nothing.</source>
        <translation>G 个回答奖励全部相同的组所占的比例：它们的优势为 0，什么也教不了。</translation>
    </message>
    <message>
        <source>Well below 100%, falling as the policy meets problems of its level.</source>
        <translation>远低于 100%，并随着策略遇到与其水平相当的问题而下降。</translation>
    </message>
    <message>
        <source>Near 100%: the task is too easy or too hard for the policy (curriculum, temperature or more samples per prompt).</source>
        <translation>接近 100%：任务对策略来说太容易或太难（调整课程学习、温度，或每个提示多采样几个）。</translation>
    </message>
    <message>
        <source>KL</source>
        <translation>KL</translation>
    </message>
    <message>
        <source>nats/token</source>
        <translation>nats/词元</translation>
    </message>
    <message>
        <source>Sparsity (weights at zero, %)</source>
        <translation>稀疏度（为零的权重，%）</translation>
    </message>
    <message>
        <source>Warm-up: cross-entropy of the references (with a teacher, mixed with the KL to it). GRPO: the clipped surrogate plus the KL term; it averages near 0 because advantages do, and says little on its own.</source>
        <translation>预热：参考答案的交叉熵（有教师时，与到教师的 KL 混合）。GRPO：裁剪后的替代目标加上 KL 项；由于优势的平均值接近 0，它的平均值也接近 0，单看它说明不了什么。</translation>
    </message>
    <message>
        <source>references&apos; cross-entropy</source>
        <translation>参考答案交叉熵</translation>
    </message>
    <message>
        <source>Warm-up with a teacher (distill.teacher): cross-entropy of the references, the part of the loss the teacher has no say in.</source>
        <translation>有教师的预热（distill.teacher）：参考答案的交叉熵，即损失中与教师无关的部分。</translation>
    </message>
    <message>
        <source>Falls like a warm-up loss without a teacher.</source>
        <translation>像没有教师时的预热损失一样下降。</translation>
    </message>
    <message>
        <source>Rises while the KL to the teacher falls: the teacher pulls away from the references (lower distill.weight).</source>
        <translation>到教师的 KL 下降时它却上升：教师把模型拉离参考答案（调低 distill.weight）。</translation>
    </message>
    <message>
        <source>KL to teacher</source>
        <translation>到教师的 KL</translation>
    </message>
    <message>
        <source>Warm-up with a teacher: KL from the teacher&apos;s softened next-token distribution to the student&apos;s, times T² (distill.temperature), over the answer tokens.</source>
        <translation>有教师的预热：在答案词元上，教师经温度软化的下一词元分布到学生分布的 KL，乘以 T²（distill.temperature）。</translation>
    </message>
    <message>
        <source>Falls fast, then flattens above 0: a smaller student cannot copy its teacher exactly.</source>
        <translation>先快速下降，然后在 0 以上趋平：较小的学生无法完全复制教师。</translation>
    </message>
    <message>
        <source>Flat from the start: the learning rate is too low, or the teacher is poor.</source>
        <translation>从一开始就不动：学习率太低，或教师本身较差。</translation>
    </message>
    <message>
        <source>Mean k3 estimate of KL(policy ‖ reference) per token; 0 when grpo.beta is 0.</source>
        <translation>每个词元上 KL(策略 ‖ 参考模型) 的 k3 估计的平均值；grpo.beta 为 0 时为 0。</translation>
    </message>
    <message>
        <source>Grows slowly from 0 and stays small (below about 0.1).</source>
        <translation>从 0 缓慢增长并保持较小（约 0.1 以下）。</translation>
    </message>
    <message>
        <source>Shoots up: the policy runs away from the reference (lower the lr or raise beta).</source>
        <translation>急剧上升：策略远远偏离了参考模型（调低学习率或调高 beta）。</translation>
    </message>
    <message>
        <source>clipped low</source>
        <translation>下限裁剪</translation>
    </message>
    <message>
        <source>Share of tokens whose ratio fell below 1 - epsilon_low with a negative advantage: the clip stopped the update there.</source>
        <translation>概率比低于 1 - epsilon_low 且优势为负的词元所占比例：裁剪在那里阻止了更新。</translation>
    </message>
    <message>
        <source>0 with one pass per step (num_iterations 1); a few % with more passes.</source>
        <translation>每步一轮时（num_iterations 1）为 0；多轮时为百分之几。</translation>
    </message>
    <message>
        <source>Tens of %: each step moves the policy too far (lower the lr).</source>
        <translation>达到百分之几十：每一步都把策略推得太远（调低学习率）。</translation>
    </message>
    <message>
        <source>clipped high</source>
        <translation>上限裁剪</translation>
    </message>
    <message>
        <source>Share of tokens whose ratio rose above 1 + epsilon_high with a positive advantage.</source>
        <translation>概率比高于 1 + epsilon_high 且优势为正的词元所占比例。</translation>
    </message>
    <message>
        <source>0 with one pass per step; a few % with more passes.</source>
        <translation>每步一轮时为 0；多轮时为百分之几。</translation>
    </message>
    <message>
        <source>clipped</source>
        <translation>被裁剪</translation>
    </message>
    <message>
        <source>Share of tokens where either clip bound binds (clipped low plus clipped high).</source>
        <translation>触及任一裁剪边界的词元所占比例（下限裁剪加上限裁剪）。</translation>
    </message>
    <message>
        <source>Tens of %: each step moves the policy too far.</source>
        <translation>达到百分之几十：每一步都把策略推得太远。</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>概率比</translation>
    </message>
    <message>
        <source>Mean probability ratio new/old policy over the tokens; exactly 1 when num_iterations is 1.</source>
        <translation>各词元上新/旧策略概率比的平均值；num_iterations 为 1 时恰好为 1。</translation>
    </message>
    <message>
        <source>Within a few % of 1.</source>
        <translation>与 1 相差在百分之几以内。</translation>
    </message>
    <message>
        <source>Far from 1: the passes of one step drift apart (fewer iterations or a lower lr).</source>
        <translation>远离 1：同一步的几轮优化相互偏离（减少轮数或调低学习率）。</translation>
    </message>
    <message>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>Mean entropy of the sampling distribution per token: how unsure the policy is.</source>
        <translation>每个词元采样分布的平均熵：策略有多不确定。</translation>
    </message>
    <message>
        <source>Falls slowly as the policy grows sure of its answers.</source>
        <translation>随着策略对自己的回答越来越有把握而缓慢下降。</translation>
    </message>
    <message>
        <source>Drops to near 0 early: the policy collapsed onto one answer and stops exploring.</source>
        <translation>很早就降到接近 0：策略坍缩到一个回答上，不再探索。</translation>
    </message>
    <message>
        <source>length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Mean length of the sampled answers in tokens (moves in the grid world).</source>
        <translation>采样回答的平均长度，以词元计（网格世界中为步数）。</translation>
    </message>
    <message>
        <source>Settles near the length the task&apos;s answers need.</source>
        <translation>稳定在任务答案所需的长度附近。</translation>
    </message>
    <message>
        <source>Keeps growing towards grpo.max_new_tokens: a length-rewarding reward is being gamed.</source>
        <translation>一直朝 grpo.max_new_tokens 增长：奖励长度的奖励被钻了空子。</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>被截断</translation>
    </message>
    <message>
        <source>Share of sampled answers cut at grpo.max_new_tokens before they ended.</source>
        <translation>在结束前就被 grpo.max_new_tokens 截断的采样回答所占比例。</translation>
    </message>
    <message>
        <source>Near 0.</source>
        <translation>接近 0。</translation>
    </message>
    <message>
        <source>High: answers run on (raise max_new_tokens, or check the reward for length).</source>
        <translation>偏高：回答停不下来（调高 max_new_tokens，或检查奖励是否在奖励长度）。</translation>
    </message>
    <message>
        <source>gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Global L2 norm of the gradient before clipping.</source>
        <translation>裁剪前梯度的全局 L2 范数。</translation>
    </message>
    <message>
        <source>Roughly steady, with spikes now and then.</source>
        <translation>大致平稳，偶尔有尖峰。</translation>
    </message>
    <message>
        <source>Climbs by orders of magnitude or turns nan: training diverges (lower the lr).</source>
        <translation>成数量级地上升或变成 nan：训练发散（调低学习率）。</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>The learning rate the step used (each stage has its own schedule).</source>
        <translation>这一步使用的学习率（每个阶段有自己的调度）。</translation>
    </message>
    <message>
        <source>Follows the stage&apos;s schedule: a short warm-up, then constant or decaying.</source>
        <translation>遵循阶段的调度：短暂的学习率预热，然后保持不变或衰减。</translation>
    </message>
    <message>
        <source>Stuck far below the peak: a plateau schedule cut it too often.</source>
        <translation>长期远低于峰值：停滞调度把它削减得太频繁。</translation>
    </message>
    <message>
        <source>skipped updates</source>
        <translation>跳过的更新</translation>
    </message>
    <message>
        <source>updates</source>
        <translation>次更新</translation>
    </message>
    <message>
        <source>Updates refused so far because the loss or gradient was not finite.</source>
        <translation>到目前为止因损失或梯度不是有限值而被拒绝的更新次数。</translation>
    </message>
    <message>
        <source>0, or a rare one with fp16.</source>
        <translation>为 0，使用 fp16 时偶尔有一次。</translation>
    </message>
    <message>
        <source>Grows step after step: the model produces nan (lower the lr, or use bf16).</source>
        <translation>一步接一步地增长：模型产生了 nan（调低学习率，或改用 bf16）。</translation>
    </message>
    <message>
        <source>rollout</source>
        <translation>采样生成</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Seconds spent sampling the groups of answers.</source>
        <translation>采样各组回答所花的秒数。</translation>
    </message>
    <message>
        <source>The largest share of a GRPO step, steady.</source>
        <translation>占 GRPO 一步中最大的份额，且平稳。</translation>
    </message>
    <message>
        <source>Grows over the run: answers get longer (see completion length).</source>
        <translation>随运行增长：回答变长了（见补全长度）。</translation>
    </message>
    <message>
        <source>reward</source>
        <translation>奖励</translation>
    </message>
    <message>
        <source>Seconds spent scoring the answers.</source>
        <translation>给回答打分所花的秒数。</translation>
    </message>
    <message>
        <source>A small share of the step.</source>
        <translation>占这一步的一小部分。</translation>
    </message>
    <message>
        <source>A large share: the reward function is slow (a user reward or sentence BLEU).</source>
        <translation>占比很大：奖励函数太慢（用户奖励或句子级 BLEU）。</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>Seconds spent on the loss, the backward pass and the optimizer step.</source>
        <translation>计算损失、反向传播和优化器步所花的秒数。</translation>
    </message>
    <message>
        <source>Steady from step to step.</source>
        <translation>每一步都平稳。</translation>
    </message>
    <message>
        <source>Jumps: the machine is busy with other programs, or memory is short.</source>
        <translation>突然跳高：机器在忙其他程序，或内存不足。</translation>
    </message>
    <message>
        <source>step</source>
        <translation>整步</translation>
    </message>
    <message>
        <source>Seconds of the whole step (evaluations not included); the ETA follows its average per stage.</source>
        <translation>整个一步的秒数（不含评估）；预计剩余时间按每个阶段的平均值计算。</translation>
    </message>
    <message>
        <source>Steady within a stage; GRPO steps cost more than warm-up steps.</source>
        <translation>在一个阶段内平稳；GRPO 步比预热步耗时更多。</translation>
    </message>
    <message>
        <source>Swings a lot: other programs compete for the CPU.</source>
        <translation>波动很大：其他程序在争用 CPU。</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>GRPO: sampled answer tokens per second of the step.</source>
        <translation>GRPO：这一步每秒采样的回答词元数。</translation>
    </message>
    <message>
        <source>Steady within a stage.</source>
        <translation>在一个阶段内平稳。</translation>
    </message>
    <message>
        <source>Falls over the run while answers grow no longer: the machine is busier.</source>
        <translation>回答没有变长却随运行下降：机器更忙了。</translation>
    </message>
    <message>
        <source>examples/s</source>
        <translation>样例/秒</translation>
    </message>
    <message>
        <source>Warm-up: training examples per second of the step.</source>
        <translation>预热：这一步每秒处理的训练样例数。</translation>
    </message>
    <message>
        <source>Steady within the warm-up.</source>
        <translation>在预热期间平稳。</translation>
    </message>
    <message>
        <source>Falls over the run: the machine is busier, or memory is short.</source>
        <translation>随运行下降：机器更忙了，或内存不足。</translation>
    </message>
    <message>
        <source>steps/s</source>
        <translation>步/秒</translation>
    </message>
    <message>
        <source>Steps per second, from this step&apos;s time alone (the toolbar shows a smoothed rate).</source>
        <translation>每秒步数，只按这一步的耗时计算（工具栏显示的是平滑后的速率）。</translation>
    </message>
    <message>
        <source>peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>Peak GPU memory allocated (CUDA) or peak resident memory of the process (CPU).</source>
        <translation>已分配 GPU 内存的峰值（CUDA）或进程常驻内存的峰值（CPU）。</translation>
    </message>
    <message>
        <source>Levels off after the first steps, within the budget (8 GB on a laptop GPU).</source>
        <translation>最初几步之后趋平，且在预算之内（笔记本 GPU 为 8 GB）。</translation>
    </message>
    <message>
        <source>Keeps rising: something holds on to tensors; near the budget: lower the batch.</source>
        <translation>持续上升：有东西一直占着张量；接近预算：调小批大小。</translation>
    </message>
    <message>
        <source>curriculum level</source>
        <translation>课程难度</translation>
    </message>
    <message>
        <source>GRPO: the highest difficulty level unlocked so far (0 is the easiest).</source>
        <translation>GRPO：到目前为止解锁的最高难度等级（0 最容易）。</translation>
    </message>
    <message>
        <source>Climbs as the reward passes the curriculum threshold.</source>
        <translation>奖励超过课程阈值时上升。</translation>
    </message>
    <message>
        <source>Never moves: the reward stays under curriculum.threshold.</source>
        <translation>始终不动：奖励一直低于 curriculum.threshold。</translation>
    </message>
    <message>
        <source>curriculum stage</source>
        <translation>课程阶段</translation>
    </message>
    <message>
        <source>Perplexity curriculum: the stage unlocked in this training stage (0: the easiest share of the scored examples; curriculum.stages - 1: the whole training set).</source>
        <translation>困惑度课程：本训练阶段已解锁的课程阶段（0：打过分的样例中最容易的一份；curriculum.stages - 1：整个训练集）。</translation>
    </message>
    <message>
        <source>Warm-up: climbs at equal shares of its steps; GRPO: as the reward passes the threshold.</source>
        <translation>预热：按其步数的等份上升；GRPO：随奖励超过阈值而上升。</translation>
    </message>
    <message>
        <source>Stays at 0 in GRPO: the reward never reaches curriculum.threshold.</source>
        <translation>GRPO 中一直为 0：奖励始终达不到 curriculum.threshold。</translation>
    </message>
    <message>
        <source>unlocked examples&apos; loss</source>
        <translation>已解锁样例的损失</translation>
    </message>
    <message>
        <source>Perplexity curriculum: mean reference loss of the unlocked examples, as the model scored them when the stage began (absent at the last stage: the whole set).</source>
        <translation>困惑度课程：已解锁样例在参考答案上的平均损失，即阶段开始时模型给出的分数（最后一个阶段没有：那时用整个训练集）。</translation>
    </message>
    <message>
        <source>Below curriculum/scored_nll, nearer it at each later stage.</source>
        <translation>低于 curriculum/scored_nll，阶段越靠后越接近它。</translation>
    </message>
    <message>
        <source>Equal to curriculum/scored_nll: the model tells the examples apart no better than chance.</source>
        <translation>等于 curriculum/scored_nll：模型区分样例难易并不比随机好。</translation>
    </message>
    <message>
        <source>scored examples&apos; loss</source>
        <translation>打分样例的损失</translation>
    </message>
    <message>
        <source>Perplexity curriculum: mean reference loss of all the examples scored for the stage.</source>
        <translation>困惑度课程：本阶段所有打分样例在参考答案上的平均损失。</translation>
    </message>
    <message>
        <source>Falls from stage to stage as the model learns.</source>
        <translation>随着模型学习，逐阶段下降。</translation>
    </message>
    <message>
        <source>Rises: the model forgets what it learned on the easier examples.</source>
        <translation>上升：模型忘记了在较容易样例上学到的东西。</translation>
    </message>
    <message>
        <source>sparsity</source>
        <translation>稀疏度</translation>
    </message>
    <message>
        <source>With sparsity.target set: share of the Linear and convolution weights that magnitude pruning holds at zero (a weight shared by several layers counts once).</source>
        <translation>设置了 sparsity.target 时：线性层和卷积层权重中被幅值剪枝保持为零的比例（多层共享的权重只计一次）。</translation>
    </message>
    <message>
        <source>Follows the target curve up to sparsity.target, while the held-out metric holds.</source>
        <translation>沿目标曲线升到 sparsity.target，同时留出集指标保持不变。</translation>
    </message>
    <message>
        <source>The held-out metric falls as it rises: too much too soon (prune less, later, or more slowly).</source>
        <translation>它上升时留出集指标下降：剪得太多太早（少剪一些、晚些开始或放慢速度）。</translation>
    </message>
    <message>
        <source>sparsity target</source>
        <translation>目标稀疏度</translation>
    </message>
    <message>
        <source>target</source>
        <translation type="vanished">目标</translation>
    </message>
    <message>
        <source>The share the schedule asks for at this step: a cubic ramp from sparsity.start_step to sparsity.end_step, then sparsity.target.</source>
        <translation>计划在这一步要求的比例：从 sparsity.start_step 到 sparsity.end_step 的三次曲线，之后为 sparsity.target。</translation>
    </message>
    <message>
        <source>A smooth curve rising to the target; the sparsity reached steps up to it.</source>
        <translation>一条平滑上升到目标的曲线；实际稀疏度阶梯式地跟上。</translation>
    </message>
    <message>
        <source>Ends below sparsity.target: the run ended before sparsity.end_step.</source>
        <translation>结束时低于 sparsity.target：运行在 sparsity.end_step 之前就结束了。</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Share of held-out problems answered exactly right (greedy; images: the likeliest label).</source>
        <translation>留出问题中回答完全正确的比例（贪心解码；图片：概率最大的标签）。</translation>
    </message>
    <message>
        <source>Rises in the warm-up and keeps rising in GRPO.</source>
        <translation>在预热中上升，在 GRPO 中继续上升。</translation>
    </message>
    <message>
        <source>Falls in GRPO: lr too high, or the reward pays for something else.</source>
        <translation>在 GRPO 中下降：学习率太高，或奖励在奖励别的东西。</translation>
    </message>
    <message>
        <source>answer length</source>
        <translation>回答长度</translation>
    </message>
    <message>
        <source>Mean length of the greedy held-out answers in tokens, end of text included.</source>
        <translation>留出集上贪心回答的平均长度，以词元计，包括文本结束符。</translation>
    </message>
    <message>
        <source>Near the length of the references.</source>
        <translation>接近参考答案的长度。</translation>
    </message>
    <message>
        <source>Far above it: answers run on instead of ending.</source>
        <translation>远高于参考长度：回答停不下来。</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>自行结束</translation>
    </message>
    <message>
        <source>Share of greedy held-out answers that ended by themselves.</source>
        <translation>留出集上自行结束的贪心回答所占比例。</translation>
    </message>
    <message>
        <source>Near 100%.</source>
        <translation>接近 100%。</translation>
    </message>
    <message>
        <source>Low: answers hit the length limit (the model has not learned to stop).</source>
        <translation>偏低：回答触到了长度上限（模型还没学会停下）。</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>0-100</source>
        <translation>0-100</translation>
    </message>
    <message>
        <source>Corpus chrF of greedy translations of the held-out pairs (sacrebleu, beta 2: 0-100, unlike the 0-1 chrF reward).</source>
        <translation>留出句对贪心翻译的语料级 chrF（sacrebleu，beta 2：0-100，不同于 0-1 的 chrF 奖励）。</translation>
    </message>
    <message>
        <source>Rises in the warm-up and still rises, slowly, in GRPO.</source>
        <translation>在预热中上升，在 GRPO 中仍缓慢上升。</translation>
    </message>
    <message>
        <source>Rises while BLEU falls and the length ratio grows: GRPO learned to write longer.</source>
        <translation>上升的同时 BLEU 下降、长度比增大：GRPO 学会了写得更长。</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>Corpus BLEU of the same held-out translations.</source>
        <translation>同样这些留出译文的语料级 BLEU。</translation>
    </message>
    <message>
        <source>Rises with chrF.</source>
        <translation>随 chrF 一起上升。</translation>
    </message>
    <message>
        <source>Falls while chrF rises: the reward pays for length, not for better words.</source>
        <translation>chrF 上升时它却下降：奖励在奖励长度，而不是更好的用词。</translation>
    </message>
    <message>
        <source>length ratio</source>
        <translation>长度比</translation>
    </message>
    <message>
        <source>× reference</source>
        <translation>× 参考</translation>
    </message>
    <message>
        <source>Length of the held-out translations over their references&apos; length.</source>
        <translation>留出译文长度与参考译文长度之比。</translation>
    </message>
    <message>
        <source>Close to 1.</source>
        <translation>接近 1。</translation>
    </message>
    <message>
        <source>Well above 1 (rambling) or below 0.8 (cut short).</source>
        <translation>远高于 1（啰嗦）或低于 0.8（太短）。</translation>
    </message>
    <message>
        <source>examples</source>
        <translation>样例数</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>句</translation>
    </message>
    <message>
        <source>How many held-out pairs the evaluation translated.</source>
        <translation>评估翻译了多少个留出句对。</translation>
    </message>
    <message>
        <source>eval.size, or the whole split when it is smaller.</source>
        <translation>等于 eval.size，若划分更小则为整个划分。</translation>
    </message>
    <message>
        <source>Very few: the scores are noisy (raise eval.size or data.valid_fraction).</source>
        <translation>很少：分数噪声大（调高 eval.size 或 data.valid_fraction）。</translation>
    </message>
    <message>
        <source>success</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>Share of held-out grids where the greedy agent reached the goal.</source>
        <translation>贪心智能体到达终点的留出网格所占比例。</translation>
    </message>
    <message>
        <source>Rises well above the random-moves line.</source>
        <translation>上升到远高于随机移动的那条线。</translation>
    </message>
    <message>
        <source>Stays at or below random moves: the agent has not learned to steer.</source>
        <translation>一直不高于随机移动：智能体还没学会控制方向。</translation>
    </message>
    <message>
        <source>random moves</source>
        <translation>随机移动</translation>
    </message>
    <message>
        <source>Success of uniformly random moves on the same grids: the baseline to beat.</source>
        <translation>在同样的网格上均匀随机移动的成功率：要超越的基线。</translation>
    </message>
    <message>
        <source>A flat line (it does not depend on training).</source>
        <translation>一条水平线（它与训练无关）。</translation>
    </message>
    <message>
        <source>Close to 100%: the grids are too easy to show learning.</source>
        <translation>接近 100%：网格太容易，看不出学习效果。</translation>
    </message>
    <message>
        <source>episode length</source>
        <translation>回合长度</translation>
    </message>
    <message>
        <source>moves</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Mean number of moves of the greedy held-out episodes.</source>
        <translation>留出集上贪心回合的平均步数。</translation>
    </message>
    <message>
        <source>Falls towards the shortest paths as success rises.</source>
        <translation>随着成功率上升，向最短路径下降。</translation>
    </message>
    <message>
        <source>Stays at task.max_steps: the agent wanders until the step limit.</source>
        <translation>一直是 task.max_steps：智能体一直乱走到步数上限。</translation>
    </message>
    <message>
        <source>return</source>
        <translation>回报</translation>
    </message>
    <message>
        <source>Mean return of the greedy held-out episodes (1 at the goal, minus the step costs and any lava penalty).</source>
        <translation>留出集上贪心回合的平均回报（到达终点得 1，减去每步代价和岩浆惩罚）。</translation>
    </message>
    <message>
        <source>Rises with success.</source>
        <translation>随成功率上升。</translation>
    </message>
    <message>
        <source>Below 0: the agent mostly wanders or walks into lava.</source>
        <translation>低于 0：智能体大多在乱走或走进岩浆。</translation>
    </message>
    <message>
        <source>lava</source>
        <translation>岩浆</translation>
    </message>
    <message>
        <source>Share of greedy held-out episodes that ended in lava.</source>
        <translation>留出集上以掉进岩浆结束的贪心回合所占比例。</translation>
    </message>
    <message>
        <source>Near 0%.</source>
        <translation>接近 0%。</translation>
    </message>
    <message>
        <source>Rising: the agent has learned to move but not what to avoid.</source>
        <translation>上升：智能体学会了移动，却没学会该避开什么。</translation>
    </message>
    <message>
        <source>path efficiency</source>
        <translation>路径效率</translation>
    </message>
    <message>
        <source>For the solved grids, the shortest path&apos;s length over the moves taken.</source>
        <translation>对已解出的网格，最短路径长度与实际步数之比。</translation>
    </message>
    <message>
        <source>Near 100%: solved by shortest paths.</source>
        <translation>接近 100%：按最短路径解出。</translation>
    </message>
    <message>
        <source>Low: the agent reaches the goal by detours.</source>
        <translation>偏低：智能体绕路到达终点。</translation>
    </message>
</context>
<context>
    <name>presets</name>
    <message>
        <source>Lite-ResNet grid world quick</source>
        <translation>Lite-ResNet 网格世界（快速）</translation>
    </message>
    <message>
        <source>A pixel agent learns small grid worlds with GRPO from the first step; success climbs within a minute</source>
        <translation>一个看像素的智能体从第一步起就用 GRPO 学习小网格世界；成功率在一分钟内上升</translation>
    </message>
    <message>
        <source>Your own text</source>
        <translation>你自己的文本</translation>
    </message>
    <message>
        <source>A small decoder learns your own prompts and answers, rewarded by checks you choose</source>
        <translation>一个小型解码器学习你自己的提示和答案，奖励来自你选择的检查</translation>
    </message>
    <message>
        <source>Tiny-Transformer</source>
        <translation>Tiny-Transformer</translation>
    </message>
    <message>
        <source>A small encoder-decoder translates Chinese to English, rewarded by chrF</source>
        <translation>一个小型编码器-解码器把中文翻译成英文，以 chrF 作为奖励</translation>
    </message>
    <message>
        <source>Lite-ResNet shapes</source>
        <translation>Lite-ResNet 形状识别</translation>
    </message>
    <message>
        <source>Classify images (built-in shapes or your class folders) with GRPO over labels</source>
        <translation>用 GRPO 在标签上学习图片分类（内置形状或你的类别文件夹）</translation>
    </message>
    <message>
        <source>Lite-ResNet grid world</source>
        <translation>Lite-ResNet 网格世界</translation>
    </message>
    <message>
        <source>A pixel agent learns to reach the goal of procedurally generated grid worlds</source>
        <translation>一个看像素的智能体学习在程序生成的网格世界中到达终点</translation>
    </message>
    <message>
        <source>Micro-GPT quick</source>
        <translation>Micro-GPT（快速）</translation>
    </message>
    <message>
        <source>A small decoder learns 2-digit addition; GRPO starts within seconds and visibly learns in the first minute</source>
        <translation>一个小型解码器学习两位数加法；GRPO 几秒内就开始，第一分钟内就能看到它在学习</translation>
    </message>
    <message>
        <source>Micro-GPT</source>
        <translation>Micro-GPT</translation>
    </message>
    <message>
        <source>A small decoder-only transformer learns 2-digit addition with exact-answer rewards</source>
        <translation>一个小型纯解码器 Transformer 学习两位数加法，答案完全正确才得奖励</translation>
    </message>
    <message>
        <source>Lesson: what a group is</source>
        <translation>课程：什么是组</translation>
    </message>
    <message>
        <source>GRPO samples a group of answers to each prompt and learns from how they differ</source>
        <translation>GRPO 为每个提示采样一组回答，并从它们的差异中学习</translation>
    </message>
    <message>
        <source>For every prompt (&quot;12+34=&quot;), GRPO samples a group of G answers and scores each one (1 if the sum is right). An answer&apos;s advantage is its reward minus the group&apos;s mean, divided by the group&apos;s spread: answers better than their group are pushed up (green rows on the Samples tab), worse ones pushed down (red). A group whose answers all score the same teaches nothing. Press Start, then Pause and Step to look at one step at a time. Then compare a group of 2 with a group of 16: &quot;Run side by side&quot; above the charts trains both from the same warm-up, a step each in turn, drawn in two colours. Which learns faster per step, and which per second (the table&apos;s Steps/s)?</source>
        <translation>对每个提示（“12+34=”），GRPO 采样一组 G 个回答，并给每个回答打分（和算对得 1）。一个回答的优势等于它的奖励减去组的均值，再除以组的离散程度：比同组好的回答被推高（“样本”页上的绿色行），差的被压低（红色）。所有回答得分都相同的组什么也教不了。按“开始”，再用“暂停”和“单步”一次看一步。然后比较组大小 2 和 16：图表上方的“并排运行”从同一次预热出发训练两者，轮流各走一步，用两种颜色画出。按每步算哪个学得更快？按每秒算呢（表格里的“步/秒”）？</translation>
    </message>
    <message>
        <source>GRPO keeps a frozen copy of the model it started from, the reference. The KL weight (beta) charges the policy for drifting away from it: the &quot;KL to reference&quot; chart shows the drift. &quot;Run side by side&quot; above the charts trains three KL weights from the same warm-up, a step each in turn: 0.1 as this lesson has it, 0 and 1. Without the penalty the policy may move faster, and further from what it knew; with a large weight it hardly moves at all.</source>
        <translation>GRPO 保留一份开始时模型的冻结副本，即参考模型。KL 权重（beta）对策略偏离它的程度计罚：“相对参考模型的 KL”图表显示这种偏离。图表上方的“并排运行”从同一次预热出发训练三个 KL 权重，轮流各走一步：本课程的 0.1，以及 0 和 1。没有惩罚时，策略可能变化更快，也离它原本会的东西更远；权重很大时，它几乎不动。</translation>
    </message>
    <message>
        <source>The agent sees the grid as pixels and moves until it reaches the goal or runs out of steps. Each start position is played G times: the group. At first almost every episode fails, so whole groups score 0 and teach nothing (the &quot;Groups with equal rewards&quot; chart is high). As the agent learns, groups split into successes and failures, and it learns fastest. When it succeeds everywhere, groups are equal again. &quot;Run side by side&quot; above the charts trains groups of 4 and of 16 in turns: in which are equal groups rarer? Try a bigger grid (Grid size 6) or more walls too: does the chart start higher?</source>
        <translation>智能体以像素的形式看网格，不断移动，直到到达终点或步数用完。每个起始位置玩 G 次：这就是组。起初几乎每个回合都失败，于是整组得 0，什么也教不了（“奖励全部相同的组”图表很高）。随着智能体学习，组里开始有成功也有失败，这时它学得最快。等到它处处成功，组又变得全部相同。图表上方的“并排运行”轮流训练组大小 4 和 16：哪一个里奖励全部相同的组更少？也试试更大的网格（网格大小 6）或更多的墙：图表一开始会更高吗？</translation>
    </message>
    <message>
        <source>For every prompt (&quot;12+34=&quot;), GRPO samples a group of G answers and scores each one (1 if the sum is right). An answer&apos;s advantage is its reward minus the group&apos;s mean, divided by the group&apos;s spread: answers better than their group are pushed up (green rows on the Samples tab), worse ones pushed down (red). A group whose answers all score the same teaches nothing. Press Start, then Pause and Step to look at one step at a time. Then try a group of 2 and a group of 16 (Group size in Settings): which learns faster per step, and which per second?</source>
        <translation type="vanished">对每个提示（“12+34=”），GRPO 采样一组 G 个回答，并给每个回答打分（和算对得 1）。一个回答的优势等于它的奖励减去组的均值，再除以组的离散程度：比同组好的回答被推高（“样本”页上的绿色行），差的被压低（红色）。所有回答得分都相同的组什么也教不了。按“开始”，再用“暂停”和“单步”一次看一步。然后试试组大小为 2 和 16（“设置”中的“组大小”）：按每步算哪个学得更快？按每秒算呢？</translation>
    </message>
    <message>
        <source>Lesson: GRPO translates</source>
        <translation>课程：GRPO 学翻译</translation>
    </message>
    <message>
        <source>A small translator that already half knows Chinese to English gets better by GRPO alone, within a minute</source>
        <translation>一个已经半会中译英的小翻译模型，只靠 GRPO 在一分钟内变得更好</translation>
    </message>
    <message>
        <source>This translator has already been taught, by example, to turn the studio&apos;s made-up Chinese sentences into rough English (about half right). Now it learns by GRPO alone: for each Chinese sentence it writes a group of 8 translations, chrF scores each against the reference (how many letter sequences they share), and the better-than-the-group ones are made more likely. Press Start and watch Eval chrF rise within a minute; the Samples tab shows each group, green rows pushed up, red ones pushed down.</source>
        <translation>这个翻译模型已经通过示例学过，能把工作室自己编造的中文句子译成粗略的英文（大约对一半）。现在它只靠 GRPO 学习：对每个中文句子写出一组 8 个译文，chrF 把每个译文和参考译文比较打分（看它们共有多少字母序列），比同组好的译文被调得更可能出现。按“开始”，看评估 chrF 在一分钟内上升；“样本”页显示每一组，绿色行被推高，红色行被压低。</translation>
    </message>
    <message>
        <source>Lesson: why KL to a reference</source>
        <translation>课程：为什么要有相对参考模型的 KL</translation>
    </message>
    <message>
        <source>A KL penalty keeps the policy close to the model GRPO started from</source>
        <translation>KL 惩罚让策略贴近 GRPO 开始时的模型</translation>
    </message>
    <message>
        <source>GRPO keeps a frozen copy of the model it started from, the reference. The KL weight (beta) charges the policy for drifting away from it: the &quot;KL to reference&quot; chart shows the drift. Run this lesson as it is (beta 0.1), then set the KL weight to 0 and run again; in the Runs tab, Overlay the first run on the second. Without the penalty the policy may move faster, and further from what it knew; with a large weight (try 1.0) it hardly moves at all.</source>
        <translation type="vanished">GRPO 保留一份开始时模型的冻结副本，即参考模型。KL 权重（beta）对策略偏离它的程度计罚：“相对参考模型的 KL”图表显示这种偏离。先按原样运行本课程（beta 0.1），再把 KL 权重设为 0 重新运行；在“运行”页把第一次运行叠加到第二次上。没有惩罚时，策略可能变化更快，也离它原本会的东西更远；权重很大时（试试 1.0），它几乎不动。</translation>
    </message>
    <message>
        <source>Lesson: too hard, too easy</source>
        <translation>课程：太难与太容易</translation>
    </message>
    <message>
        <source>Groups whose rewards are all equal carry no learning signal; watch when they happen</source>
        <translation>奖励全部相同的组没有学习信号；留意它们何时出现</translation>
    </message>
    <message>
        <source>The agent sees the grid as pixels and moves until it reaches the goal or runs out of steps. Each start position is played G times: the group. At first almost every episode fails, so whole groups score 0 and teach nothing (the &quot;Groups with equal rewards&quot; chart is high). As the agent learns, groups split into successes and failures, and it learns fastest. When it succeeds everywhere, groups are equal again. Try a bigger grid (Grid size 6) or more walls: does the chart start higher?</source>
        <translation type="vanished">智能体以像素的形式看网格，不断移动，直到到达终点或步数用完。每个起始位置玩 G 次：这就是组。起初几乎每个回合都失败，于是整组得 0，什么也教不了（“奖励全部相同的组”图表很高）。随着智能体学习，组里开始有成功也有失败，这时它学得最快。等到它处处成功，组又变得全部相同。试试更大的网格（网格大小 6）或更多的墙：图表一开始会更高吗？</translation>
    </message>
</context>
<context>
    <name>scripts</name>
    <message>
        <source>Arabic</source>
        <translation>阿拉伯字母</translation>
    </message>
    <message>
        <source>Cyrillic</source>
        <translation>西里尔字母</translation>
    </message>
    <message>
        <source>Devanagari</source>
        <translation>天城文</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>希腊字母</translation>
    </message>
    <message>
        <source>Han</source>
        <translation>汉字</translation>
    </message>
    <message>
        <source>Hangul</source>
        <translation>韩文字母</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <translation>希伯来字母</translation>
    </message>
    <message>
        <source>Kana</source>
        <translation>假名</translation>
    </message>
    <message>
        <source>Latin</source>
        <translation>拉丁字母</translation>
    </message>
    <message>
        <source>Thai</source>
        <translation>泰文</translation>
    </message>
</context>
<context>
    <name>shapes</name>
    <message>
        <source>circle</source>
        <translation>圆形</translation>
    </message>
    <message>
        <source>square</source>
        <translation>正方形</translation>
    </message>
    <message>
        <source>triangle</source>
        <translation>三角形</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>十字</translation>
    </message>
    <message>
        <source>star</source>
        <translation>星形</translation>
    </message>
    <message>
        <source>ring</source>
        <translation>圆环</translation>
    </message>
</context>
<context>
    <name>tasks</name>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>translation</source>
        <translation>译文</translation>
    </message>
    <message>
        <source>episode (moves)</source>
        <translation>回合（移动）</translation>
    </message>
    <message>
        <source>label</source>
        <translation>标签</translation>
    </message>
</context>
</TS>
