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
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>paused: preparing, then waiting before the first step</source>
        <translation>已暂停：准备中，随后在第一步之前等待</translation>
    </message>
    <message>
        <source>paused before its first step</source>
        <translation>已暂停，尚未开始第一步</translation>
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
        <source>No right answer is known: each sample is translated back by the model&apos;s other direction, and the round trip scores how much of this sentence comes back.</source>
        <translation>没有已知的正确答案：每个样本都由模型的另一个方向译回，往返翻译的得分看这句话能回来多少。</translation>
    </message>
    <message>
        <source>2. {count} completions and their rewards</source>
        <translation>2. {count} 个补全及其奖励</translation>
    </message>
    <message>
        <source>{count} completions you typed for this prompt.</source>
        <translation>你为这个提示输入了 {count} 个补全。</translation>
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
        <source>Each completion gets a score for each thing that counts; its reward adds them up: reward = {terms}.</source>
        <translation>每个补全在每一项计分上得一个分数；它的奖励把这些加起来：奖励 = {terms}。</translation>
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
        <source>back: {text}</source>
        <translation>译回：{text}</translation>
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
        <translation type="vanished">离散程度 = {std}：这 {count} 个奖励离平均值有多远（0：全都一样）。</translation>
    </message>
    <message>
        <source>std = {std}: how far the {count} rewards spread around their mean (the unbiased standard deviation).</source>
        <translation type="vanished">标准差 std = {std}：这 {count} 个奖励围绕均值的离散程度（无偏标准差）。</translation>
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
        <source>spread = {std}: how far the {count} rewards lie from their average (0: all the same): the squared distances are added up, divided by {count} − 1 (one less than the number of rewards) and square-rooted.</source>
        <translation>离散程度 = {std}：这 {count} 个奖励离平均值有多远（0：全都一样）：把距离的平方加起来，除以 {count} − 1（比奖励个数少一），再开平方。</translation>
    </message>
    <message>
        <source>std = {std}: how far the {count} rewards spread around their mean (the unbiased standard deviation, dividing by n − 1 = {count} − 1).</source>
        <translation>标准差 std = {std}：这 {count} 个奖励围绕均值的离散程度（无偏标准差，除以 n − 1 = {count} − 1）。</translation>
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
        <source>relative change</source>
        <translation>相对变化</translation>
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
        <translation type="vanished">变化</translation>
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
        <source>change (after − before)</source>
        <translation>变化（之后 − 之前）</translation>
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
        <source>Step {step}, group {group} of the {groups} shown (the step trained {trained})</source>
        <translation>第 {step} 步，所显示 {groups} 组中的第 {group} 组（这一步训练了 {trained} 组）</translation>
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
        <source>[{variant}] {line}</source>
        <translation>[{variant}] {line}</translation>
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
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>every weight</source>
        <translation>全部权重</translation>
    </message>
    <message>
        <source>your model {name} trains ({how}): {folder}</source>
        <translation>您的模型 {name} 正在训练（{how}）：{folder}</translation>
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
    <name>ModelCard</name>
    <message>
        <source>parameters unknown</source>
        <translation>参数量未知</translation>
    </message>
    <message>
        <source>{n}M parameters</source>
        <translation>{n}M 个参数</translation>
    </message>
    <message>
        <source>{n}K parameters</source>
        <translation>{n}K 个参数</translation>
    </message>
    <message>
        <source>in the Hugging Face cache</source>
        <translation>位于 Hugging Face 缓存中</translation>
    </message>
    <message>
        <source>{family} · {params} · {size} on disk · {where}</source>
        <translation>{family} · {params} · 磁盘占用 {size} · {where}</translation>
    </message>
    <message>
        <source>no family</source>
        <translation>未知家族</translation>
    </message>
    <message>
        <source>{family} translator, {source} → {target}</source>
        <translation>{family} 翻译模型，{source} → {target}</translation>
    </message>
    <message>
        <source>working out what training it takes…</source>
        <translation>正在估算训练它需要什么…</translation>
    </message>
    <message>
        <source>LoRA adapters (far less memory)</source>
        <translation>LoRA 适配器（内存少得多）</translation>
    </message>
    <message>
        <source>Train small adapters beside the model&apos;s frozen weights instead of every weight; the KL reference is then the model without its adapters</source>
        <translation>在模型冻结的权重旁训练小型适配器，而不训练全部权重；此时 KL 参考模型是不带适配器的模型</translation>
    </message>
    <message>
        <source>Measure a step</source>
        <translation>测量一步</translation>
    </message>
    <message>
        <source>Time a warm-up step and a GRPO step of this model here</source>
        <translation>在这里为这个模型的一个预热步和一个 GRPO 步计时</translation>
    </message>
    <message>
        <source>Use this model</source>
        <translation>使用这个模型</translation>
    </message>
    <message>
        <source>Cannot be trained here: {reason}</source>
        <translation>无法在这里训练：{reason}</translation>
    </message>
    <message>
        <source>A translator: open the translation preset to train it</source>
        <translation type="vanished">这是翻译模型：请打开翻译预设来训练它</translation>
    </message>
    <message>
        <source>Full fine-tune</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>{way}: about {memory} at the peak, {verdict} in {machine}</source>
        <translation>{way}：峰值约 {memory}，在{machine}中{verdict}</translation>
    </message>
    <message>
        <source>Measured here: a warm-up step {warm} s, a GRPO step {grpo} s</source>
        <translation>在这里测得：一个预热步 {warm} 秒，一个 GRPO 步 {grpo} 秒</translation>
    </message>
</context>
<context>
    <name>ModelShelf</name>
    <message>
        <source>Models on this computer</source>
        <translation>本机上的模型</translation>
    </message>
    <message>
        <source>Looking in the Hugging Face cache…</source>
        <translation>正在查找 Hugging Face 缓存…</translation>
    </message>
    <message>
        <source>Open a model folder…</source>
        <translation>打开模型文件夹…</translation>
    </message>
    <message>
        <source>A Hugging Face model folder (config.json, the weights, the tokenizer)</source>
        <translation>一个 Hugging Face 模型文件夹（config.json、权重、分词器）</translation>
    </message>
    <message>
        <source>No model found in the Hugging Face cache; open a model&apos;s folder to train it</source>
        <translation>在 Hugging Face 缓存中没有找到模型；请打开一个模型的文件夹来训练它</translation>
    </message>
    <message>
        <source>Measuring a few steps of this model…</source>
        <translation>正在测量这个模型的几步…</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Not a model folder</source>
        <translation>不是模型文件夹</translation>
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
        <source>The agent starts on this cell: a wall cannot go there. Pick another cell.</source>
        <translation>智能体从这个格子出发：这里不能放墙。请选另一个格子。</translation>
    </message>
    <message>
        <source>This wall was not drawn: with it there would be no way from the start to the goal within {limit} moves. Pick another cell.</source>
        <translation>这堵墙没有画上：有了它，就无法在 {limit} 步之内从起点走到终点。请选另一个格子。</translation>
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
        <translation type="vanished">在双核笔记本 CPU 上约一分钟</translation>
    </message>
    <message>
        <source>About {n} minutes on a 2-core laptop CPU</source>
        <translation type="vanished">在双核笔记本 CPU 上约 {n} 分钟</translation>
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
        <source>pretrained-lm</source>
        <translation>预训练语言模型</translation>
    </message>
    <message>
        <source>pretrained-mt</source>
        <translation>预训练翻译模型</translation>
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
        <source>The preset &quot;{preset}&quot; has its reward built in: these checks are for trying only. Pick the preset &quot;Your own text&quot; to train with them.</source>
        <translation>预设“{preset}”的奖励是内置的：这里的检查仅供试用。要用它们训练，请选择预设“你自己的文本”。</translation>
    </message>
    <message>
        <source>The check {name} gives {score} to every completion: it adds the same to every reward, so it moves no advantage and GRPO learns nothing from it.</source>
        <translation>检查 {name} 给每个补全都打 {score} 分：它给每个奖励加上同样的值，不改变任何优势，GRPO 从它学不到任何东西。</translation>
    </message>
    <message>
        <source>The run&apos;s model&apos;s completions, scored as a GRPO step scores them:</source>
        <translation>运行的模型写出的补全，按 GRPO 一步的方式打分：</translation>
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
        <source>Offer the prompts of {data}</source>
        <translation>提供{data}中的提示</translation>
    </message>
    <message>
        <source>the built-in demo data</source>
        <translation>内置演示数据</translation>
    </message>
    <message>
        <source>The reward of the settings (task.rewards): edits go into them.</source>
        <translation>这是设置中的奖励（task.rewards）：修改会写回设置。</translation>
    </message>
    <message>
        <source>The task {task} has its reward built in: these checks are for trying only. Pick the preset &quot;Your own text&quot; to train with them.</source>
        <translation type="vanished">任务 {task} 的奖励是内置的：这里的检查仅供试用。要用它们训练，请选择预设“你自己的文本”。</translation>
    </message>
    <message>
        <source>{count} prompts offered from {data}.</source>
        <translation>已从{data}提供 {count} 个提示。</translation>
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
        <source>round_trip</source>
        <translation>往返</translation>
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
        <source>ui.experiment: this preset names no experiment; add two variants (Experiment… above the charts)</source>
        <translation>ui.experiment：这个预设没有实验；添加两个变体（图表上方的“实验…”）</translation>
    </message>
    <message>
        <source>starting an experiment with {name}: {variants}</source>
        <translation>开始用 {name} 做实验：{variants}</translation>
    </message>
    <message>
        <source>the log, Samples and Explain step follow variant {label} (the first of {n}); the charts and their table compare them all</source>
        <translation>日志、“样本”和“讲解这一步”跟随变体 {label}（{n} 个中的第一个）；图表及其表格比较全部变体</translation>
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
        <source>A run is in progress. Stop it (a checkpoint is written; the Runs tab continues it later) and use {name}?</source>
        <translation>有一次运行正在进行。要停止它（会写入检查点；之后可在“运行”页继续）并使用 {name} 吗？</translation>
    </message>
    <message>
        <source>Stop the run?</source>
        <translation>停止运行？</translation>
    </message>
    <message>
        <source>The run goes on; {name} was not loaded.</source>
        <translation>运行继续；未加载 {name}。</translation>
    </message>
    <message>
        <source>Stopping the run (writing its checkpoint); then {name} is shown.</source>
        <translation>正在停止运行（写入检查点）；随后显示 {name}。</translation>
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
        <source>Paused — Resume trains on, Step takes one step; run folder {run}</source>
        <translation>已暂停 — “继续”接着训练，“单步”训练一步；运行文件夹 {run}</translation>
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
        <source>Side by side: this shows variant {label} (the first of {n}); the charts and their table compare them all.</source>
        <translation>并排运行：这里显示变体 {label}（{n} 个中的第一个）；图表及其表格比较全部变体。</translation>
    </message>
    <message>
        <source>back:</source>
        <translation>译回：</translation>
    </message>
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
    <message>
        <source>no preset loaded; open a preset first</source>
        <translation>尚未加载预设；请先打开一个预设</translation>
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
        <source>paused at step {step}</source>
        <translation>在第 {step} 步暂停</translation>
    </message>
    <message>
        <source>paused before its first step</source>
        <translation>已暂停，尚未开始第一步</translation>
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
        <source>Time on this machine: measured once the run ends</source>
        <translation>本机用时：运行结束后再测量</translation>
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
        <source>At most {time} on this machine (GRPO can end early)</source>
        <translation>在本机上最多 {time}（GRPO 可能提前结束）</translation>
    </message>
    <message>
        <source>At most {time} on this machine (either stage can end early)</source>
        <translation>在本机上最多 {time}（两个阶段都可能提前结束）</translation>
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
        <source>Training runs beside the window: watch the reward rise on the Charts tab, and the sampled groups on the Samples tab. Pause and Step let you look at one step at a time. The Setup dock is back on its Presets tab, where you started.</source>
        <translation>训练在窗口旁运行：在“图表”页看奖励上升，在“样本”页看采样出的组。“暂停”和“单步”让你一次只看一步。“设置”停靠栏已回到你开始时的“预设”页。</translation>
    </message>
    <message>
        <source>Training runs beside the window: watch the reward rise on the Charts tab, and the sampled groups on the Samples tab. Pause and Step let you look at one step at a time.</source>
        <translation type="vanished">训练在窗口旁运行：在“图表”页看奖励上升，在“样本”页看采样出的组。“暂停”和“单步”让你一次只看一步。</translation>
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
        <translation type="vanished">回译目标语言的句子：</translation>
    </message>
    <message>
        <source>A reverse model turns them into synthetic pairs for the warm-up (task.back_translation)</source>
        <translation type="vanished">由一个反向模型把它们变成合成句对，用于预热（task.back_translation）</translation>
    </message>
    <message>
        <source>a text file, one sentence a line</source>
        <translation type="vanished">一个文本文件，每行一句</translation>
    </message>
    <message>
        <source>a text file of sentences in either language of the pair, one a line</source>
        <translation>一个文本文件，句子可用这对语言中的任一种，每行一句</translation>
    </message>
    <message>
        <source>Sentences without their translation, in the source or the target language or both mixed; each line&apos;s language is found as a pair file&apos;s columns are (task.text_path)</source>
        <translation>没有译文的句子，可以是源语言、目标语言或两者混合；每行的语言按句对文件识别各列的方式判断（task.text_path）</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>文件…</translation>
    </message>
    <message>
        <source>Back-translate its target-language sentences into pairs for the warm-up</source>
        <translation>把其中的目标语言句子回译成句对，用于预热</translation>
    </message>
    <message>
        <source>A reverse model turns them into synthetic pairs, tagged, for the warm-up (task.back_translation)</source>
        <translation>由一个反向模型把它们变成带标记的合成句对，用于预热（task.back_translation）</translation>
    </message>
    <message>
        <source>Text in either language:</source>
        <translation>任一语言的文本：</translation>
    </message>
    <message>
        <source>Add the corrections clients sent to the run:</source>
        <translation>添加客户端发给该运行的更正：</translation>
    </message>
    <message>
        <source>The pairs that users of the served run sent back from their translation programs (grpo-studio serve --suggestions keeps them in the run folder&apos;s suggestions.tsv) join the training pairs (task.suggestions)</source>
        <translation>对外提供服务的运行的用户从其翻译程序发回的句对（grpo-studio serve --suggestions 把它们存在运行文件夹的 suggestions.tsv 中）加入训练句对（task.suggestions）</translation>
    </message>
    <message>
        <source>a run folder</source>
        <translation>一个运行文件夹</translation>
    </message>
    <message>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <source>Choose a file of sentences in either language of the pair</source>
        <translation>选择一个句子文件，可用这对语言中的任一种</translation>
    </message>
    <message>
        <source>Choose a file of target-language sentences</source>
        <translation type="vanished">选择目标语言句子文件</translation>
    </message>
    <message>
        <source>Choose the run whose clients&apos; corrections to add</source>
        <translation>选择要添加其客户端更正的运行</translation>
    </message>
    <message>
        <source>no suggestions.tsv there</source>
        <translation>那里没有 suggestions.tsv</translation>
    </message>
    <message>
        <source>{n} waiting</source>
        <translation>{n} 条待加入</translation>
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
        <source>Share of the time budget</source>
        <translation>占时间预算的份额</translation>
    </message>
    <message>
        <source>With run.time_budget: the most of it this stage may take, as a share (0.2: a fifth); the budget shortens it to fit (0: no share of its own)</source>
        <translation>设了 run.time_budget 时：本阶段最多可占用的预算份额（0.2：五分之一）；预算会缩短本阶段以符合该份额（0：没有自己的份额）</translation>
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
        <source>Text path</source>
        <translation>文本路径</translation>
    </message>
    <message>
        <source>A text file of sentences in either language of the pair, one a line, beside the pairs: each line&apos;s language is found as a pair file&apos;s columns are, and the load report counts what each language gave (target-language sentences feed task.back_translation)</source>
        <translation type="vanished">句对之外的一个文本文件，句子可用这对语言中的任一种，每行一句：每行的语言按句对文件识别各列的方式判断，加载报告按语言统计各得多少句（目标语言句子供 task.back_translation 使用）</translation>
    </message>
    <message>
        <source>Back-translate text_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up. Off unless you turn it on: measured on the demo corpus with 2,000 pairs and 4,000 sentences alone, at the same warm-up budget it cost 11.5 test chrF (82.8 -&gt; 71.3), since the real pairs get half the batch; it may pay where pairs are few and steps many</source>
        <translation type="vanished">用一个反向模型把 text_path 中的目标语言句子回译成合成句对，加上标记后混入预热。默认关闭，需要你手动开启：在演示语料上用 2,000 个句对和另外 4,000 个单语句子实测，在相同的预热预算下，它使测试集 chrF 下降了 11.5（82.8 -&gt; 71.3），因为真实句对只占批次的一半；在句对少、步数多的场合它可能有益</translation>
    </message>
    <message>
        <source>Dropout in the warm-up (residuals, embeddings); GRPO samples and updates without it</source>
        <translation>预热阶段的随机丢弃（残差、嵌入）；GRPO 采样和更新时不用</translation>
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
        <source>A text file of sentences in either language of the pair, one a line, beside the pairs: each line&apos;s language is found as a pair file&apos;s columns are, and the load report counts what each language gave (target-language sentences feed task.back_translation, source-language ones the round trip of a both-ways model)</source>
        <translation>与句对并列的文本文件，内容为语言对中任一语言的句子，每行一句：每行的语言按句对文件各列的方式识别，加载报告统计每种语言得到多少句（目标语言的句子用于 task.back_translation，源语言的句子用于双向模型的往返翻译）</translation>
    </message>
    <message>
        <source>Round trip share</source>
        <translation>往返翻译占比</translation>
    </message>
    <message>
        <source>Share of each GRPO batch drawn from text_path&apos;s source-language sentences, prompts without a reference: each sampled translation is translated back by the model&apos;s other direction and scored by chrF against the sentence (reward part round_trip). Needs both_directions (empty: 0.5 when there are such sentences, else 0)</source>
        <translation>每个 GRPO 批次中取自 text_path 源语言句子的比例，这些提示没有参考译文：每个采样译文由模型的另一个方向译回，并以其与原句的 chrF 评分（奖励部分 round_trip）。需要 both_directions（留空：有这类句子时为 0.5，否则为 0）</translation>
    </message>
    <message>
        <source>Back translation</source>
        <translation>回译</translation>
    </message>
    <message>
        <source>Back-translate monolingual_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up. Off unless you turn it on: measured on the demo corpus with 2,000 pairs and 4,000 sentences alone, at the same warm-up budget it cost 11.5 test chrF (82.8 -&gt; 71.3), since the real pairs get half the batch; it may pay where pairs are few and steps many</source>
        <translation type="vanished">用一个反向模型把 monolingual_path 中的目标语言句子回译成合成句对，加上标记后混入预热。默认关闭，需要你手动开启：在演示语料上用 2,000 个句对和另外 4,000 个单语句子实测，在相同的预热预算下，它使测试集 chrF 下降了 11.5（82.8 -&gt; 71.3），因为真实句对只占批次的一半；在句对少、步数多的场合它可能有益</translation>
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
        <source>Fill the time budget</source>
        <translation>填满时间预算</translation>
    </message>
    <message>
        <source>With run.time_budget: this stage gets the time the other stages leave, its steps a cap (the budget shortens it first, the others only once it is at its least)</source>
        <translation>设置了 run.time_budget 时：此阶段获得其他阶段剩下的时间，它的步数只是上限（预算先缩短它，它缩到最少后才缩短其他阶段）</translation>
    </message>
    <message>
        <source>Beams for beam-search evaluation and a run&apos;s translations (at most 16)</source>
        <translation>束搜索评估和运行翻译时的束宽（最多 16）</translation>
    </message>
    <message>
        <source>Monolingual path</source>
        <translation type="vanished">单语文件路径</translation>
    </message>
    <message>
        <source>A text file of target-language sentences alone, one per line</source>
        <translation type="vanished">只含目标语言句子的文本文件，每行一句</translation>
    </message>
    <message>
        <source>Back-translate text_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up. Off unless you turn it on: within a 25-minute budget, 4,000 pairs of real text with 4,500 sentences back-translated ended 1-3 test chrF below the pairs alone (the reverse model takes minutes, and the real pairs get half of each batch); it may pay where steps are many</source>
        <translation>把 text_path 中目标语言的句子回译成合成句对（由一个反向模型翻译），加上标记后混入预热。默认关闭，除非你打开它：在 25 分钟的时间预算内，4,000 个真实文本句对加上 4,500 个回译句子，测试 chrF 比只用句对低 1-3（反向模型要花几分钟，真实句对只占每批的一半）；步数多的时候也许划算</translation>
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
        <source>Suggestions</source>
        <translation>客户端更正</translation>
    </message>
    <message>
        <source>A run folder whose suggestions.tsv to add to the training pairs: the corrections clients sent to `grpo-studio serve --suggestions` (empty: none)</source>
        <translation>一个运行文件夹，把其中的 suggestions.tsv 加入训练句对：即客户端发给 `grpo-studio serve --suggestions` 的更正（留空：不添加）</translation>
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
        <translation>随机丢弃率</translation>
    </message>
    <message>
        <source>Dropout in the warm-up (GRPO samples and updates without it)</source>
        <translation>预热阶段的随机丢弃（GRPO 采样和更新时不用）</translation>
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
        <source>Model folder</source>
        <translation>模型文件夹</translation>
    </message>
    <message>
        <source>The model&apos;s folder on this computer: a Hugging Face folder (config.json, the weights, the tokenizer), in the Hugging Face cache or a folder of your own</source>
        <translation>模型在这台电脑上的文件夹：一个 Hugging Face 文件夹（config.json、权重、分词器），位于 Hugging Face 缓存或你自己的文件夹中</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>Train small LoRA adapters beside the frozen weights instead of every weight: a fraction of the memory; the KL reference is then the model without its adapters</source>
        <translation>在冻结的权重旁训练小型 LoRA 适配器，而不训练全部权重：只需一小部分内存；此时 KL 参考模型是不带适配器的模型</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Rank of each LoRA adapter (its width)</source>
        <translation>每个 LoRA 适配器的秩（它的宽度）</translation>
    </message>
    <message>
        <source>LoRA alpha</source>
        <translation>LoRA alpha</translation>
    </message>
    <message>
        <source>LoRA&apos;s scale: the adapters&apos; output times alpha / rank</source>
        <translation>LoRA 的缩放：适配器的输出乘以 alpha / 秩</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA 随机丢弃率</translation>
    </message>
    <message>
        <source>Dropout on the adapters&apos; input while training</source>
        <translation>训练时对适配器输入施加的随机丢弃</translation>
    </message>
    <message>
        <source>Longest sequence (tokens)</source>
        <translation>最长序列（词元）</translation>
    </message>
    <message>
        <source>Longest prompt plus completion, in the model&apos;s tokens (0: the model&apos;s own trained length, at most 512)</source>
        <translation>提示加补全的最大长度，以模型的词元计（0：模型自身训练时的长度，最多 512）</translation>
    </message>
    <message>
        <source>Chat template</source>
        <translation>对话模板</translation>
    </message>
    <message>
        <source>Wrap each prompt in the model&apos;s chat template, as an instruction-tuned model reads a question (auto: when the model&apos;s tokenizer has a template)</source>
        <translation>用模型的对话模板包装每个提示，就像指令微调模型读取问题那样（auto：当模型的分词器带有模板时）</translation>
    </message>
    <message>
        <source>Longest source and longest target, in the model&apos;s tokens (at most the positions the model was trained for)</source>
        <translation>最长的源句和最长的译文，以模型的词元计（最多为模型训练时的位置数）</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>Back-translate text_path&apos;s target-language sentences into synthetic pairs (by a reverse-direction model) and mix them, tagged, into the warm-up. Off unless you turn it on: within a 25-minute budget, 4,000 Tatoeba pairs with 4,500 sentences back-translated ended 1-3 test chrF below the pairs alone (the reverse model takes minutes, and the real pairs get half of each batch); it may pay where steps are many</source>
        <translation type="vanished">把 text_path 中目标语言的句子回译成合成句对（由一个反向模型翻译），加上标记后混入预热。默认关闭，除非你打开它：在 25 分钟的时间预算内，4,000 个 Tatoeba 句对加上 4,500 个回译句子，测试 chrF 比只用句对低 1-3（反向模型要花几分钟，真实句对只占每批的一半）；步数多的时候也许划算</translation>
    </message>
    <message>
        <source>Recompute the blocks&apos; activations in the backward pass instead of keeping them: less memory, a slower step (0: off; any other number: every block)</source>
        <translation>在反向传播中重算各模块的激活值而不保存它们：内存更少，每步更慢（0：关闭；其他任何数：每个模块）</translation>
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
        <translation type="vanished">{path}: 必须是整数，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a number, got {value}</source>
        <translation type="vanished">{path}: 必须是数字，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a string, got {value}</source>
        <translation>{path}: 必须是字符串，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be true or false, got {value}</source>
        <translation type="vanished">{path}: 必须是 true 或 false，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a list, got {value}</source>
        <translation type="vanished">{path}: 必须是列表，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a mapping, got {value}</source>
        <translation type="vanished">{path}: 必须是映射（键: 值），当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be an integer or null, got {value}</source>
        <translation type="vanished">{path}: 必须是整数或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a number or null, got {value}</source>
        <translation type="vanished">{path}: 必须是数字或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be a string or null, got {value}</source>
        <translation type="vanished">{path}: 必须是字符串或 null，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: must be one of {choices}, got {value}</source>
        <translation type="vanished">{path}: 必须是 {choices} 之一，当前为 {value}</translation>
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
        <translation type="vanished">{path}: 不是有效的 YAML（{text}）；请写成 [a, b] 这样的列表或 {{name: 1.0}} 这样的映射</translation>
    </message>
    <message>
        <source>no preset loaded; open a preset first</source>
        <translation type="vanished">尚未加载预设；请先打开一个预设</translation>
    </message>
    <message>
        <source>{where}: option {name} {pattern} takes over {seconds} s on a text of {n} characters ({text}…): it backtracks without end; rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+</source>
        <translation type="vanished">{where}：选项 {name} {pattern} 在一段 {n} 个字符的文本（{text}…）上耗时超过 {seconds} 秒：它会无休止地回溯；请改写嵌套或重叠的重复，例如把 (a+)+ 或 (a|aa)+ 改为 a+</translation>
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
        <source>{where}: {problem}</source>
        <translation>{where}：{problem}</translation>
    </message>
    <message>
        <source>must be 1 or more examples, got {limit}</source>
        <translation>必须是 1 个或更多样本，当前为 {limit}</translation>
    </message>
    <message>
        <source>training.memory_budget: &quot;{text}&quot; is not a memory size; {how}</source>
        <translation>training.memory_budget：“{text}”不是内存大小；{how}</translation>
    </message>
    <message>
        <source>training.memory_budget: &quot;{text}&quot; is no memory at all; {how}</source>
        <translation>training.memory_budget：“{text}”等于没有内存；{how}</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is not a duration; {how}</source>
        <translation>run.time_budget：“{text}”不是时长；{how}</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is no time at all; {how}</source>
        <translation>run.time_budget：“{text}”的时长为零；{how}</translation>
    </message>
    <message>
        <source>data.path (--data_path): the {task} task reads no data file, it makes its own examples, so {path} would be ignored; remove data.path, or train a preset whose task reads your data (translation: sentence pairs; shapes: images in class folders)</source>
        <translation>data.path (--data_path)：{task} 任务不读取数据文件，它自己生成样本，所以 {path} 会被忽略；请去掉 data.path，或训练一个任务会读取你的数据的预设（translation：句对；shapes：按类别分文件夹的图像）</translation>
    </message>
    <message>
        <source>grpo.max_new_tokens: {n} is more than model.max_len ({max_len}), the longest sequence the model holds; lower grpo.max_new_tokens or raise model.max_len</source>
        <translation>grpo.max_new_tokens：{n} 超过了 model.max_len（{max_len}），即模型能容纳的最长序列；请降低 grpo.max_new_tokens 或提高 model.max_len</translation>
    </message>
    <message>
        <source>grpo.advantage_eps: 0 divides a group of equal rewards (std 0) by zero, so every such step would be skipped as not finite; give it a small positive value (TRL: 1e-4), or set grpo.scale_rewards: &quot;none&quot;</source>
        <translation>grpo.advantage_eps：为 0 时，奖励全部相同的组（标准差 0）会被零除，每个这样的步骤都会因非有限值而被跳过；请给它一个小的正值（TRL：1e-4），或设置 grpo.scale_rewards: &quot;none&quot;</translation>
    </message>
    <message>
        <source>eval.{name}: the {task} task decodes with {decodings}, not {decoding}; set eval.{name}: &quot;{first}&quot;</source>
        <translation>eval.{name}：{task} 任务用 {decodings} 解码，不用 {decoding}；请设置 eval.{name}: &quot;{first}&quot;</translation>
    </message>
    <message>
        <source>curriculum.difficulty: perplexity orders the examples by the model&apos;s loss on their reference answers, which the {task} task does not score (the {tasks} tasks do); use curriculum.difficulty: &quot;level&quot;</source>
        <translation>curriculum.difficulty：perplexity 按模型在参考答案上的损失给样本排序，而 {task} 任务不给参考答案打分（{tasks} 任务会）；请使用 curriculum.difficulty: &quot;level&quot;</translation>
    </message>
    <message>
        <source>curriculum.pool: {pool} examples cannot fill {stages} stages (curriculum.stages); raise curriculum.pool to at least {stages}</source>
        <translation>curriculum.pool：{pool} 个样本填不满 {stages} 个阶段（curriculum.stages）；请把 curriculum.pool 提高到至少 {stages}</translation>
    </message>
    <message>
        <source>distill.{name}: is set, but distill.teacher is empty, so there is no teacher to use it; give distill.teacher a finished run folder, or clear distill.{name}</source>
        <translation>distill.{name}：已设置，但 distill.teacher 为空，没有教师来使用它；请给 distill.teacher 一个已完成的运行文件夹，或清空 distill.{name}</translation>
    </message>
    <message>
        <source>distill.teacher: the {task} task&apos;s warm-up has no token logits to compare with a teacher&apos;s, so it cannot learn from one (arithmetic, strings and translation can); clear distill.teacher</source>
        <translation>distill.teacher：{task} 任务的预热没有可与教师比较的词元 logits，所以无法向教师学习（arithmetic、strings 和 translation 可以）；请清空 distill.teacher</translation>
    </message>
    <message>
        <source>distill.teacher: the teacher teaches the supervised warm-up, and stages.warmup.steps is 0; give the warm-up some steps, or clear distill.teacher</source>
        <translation>distill.teacher：教师教的是有监督的预热，而 stages.warmup.steps 为 0；请给预热一些步数，或清空 distill.teacher</translation>
    </message>
    <message>
        <source>sparsity.start_step: {start} comes after the run&apos;s last planned step ({last}), so nothing would be pruned; start earlier, or train longer (stages.*.steps)</source>
        <translation>sparsity.start_step：{start} 在运行计划的最后一步（{last}）之后，所以什么也不会被剪枝；请更早开始，或训练更久（stages.*.steps）</translation>
    </message>
    <message>
        <source>sparsity.end_step: {end} comes before sparsity.start_step ({start}), so the ramp to the target would run backwards; give an end step at or after the start step (the same step prunes all at once)</source>
        <translation>sparsity.end_step：{end} 在 sparsity.start_step（{start}）之前，通往目标的爬升会倒着走；请给一个不早于开始步的结束步（同一步则一次剪完）</translation>
    </message>
    <message>
        <source>training.compile and training.grad_penalty_lambda: the gradient-norm penalty needs a double backward, which torch.compile&apos;s passes do not have; set training.compile: false, or grad_penalty_lambda: 0</source>
        <translation>training.compile 和 training.grad_penalty_lambda：梯度范数惩罚需要二阶反向传播，而 torch.compile 的计算没有；请设置 training.compile: false，或 grad_penalty_lambda: 0</translation>
    </message>
    <message>
        <source>ui.hidden[{i}]: {path} names no section or field of this config, so it would hide nothing; write a section (&quot;grpo&quot;) or a field (&quot;grpo.beta&quot;) of it</source>
        <translation>ui.hidden[{i}]：{path} 不是这个配置的任何部分或字段，所以什么也不会隐藏；请写它的一个部分（&quot;grpo&quot;）或字段（&quot;grpo.beta&quot;）</translation>
    </message>
    <message>
        <source>curriculum.difficulty: perplexity does nothing while curriculum.enabled is false; set curriculum.enabled: true to use it</source>
        <translation>curriculum.difficulty：curriculum.enabled 为 false 时 perplexity 不起作用；要使用它请设置 curriculum.enabled: true</translation>
    </message>
    <message>
        <source>stages.{name}.lr_warmup_steps: {n} is more than the stage&apos;s {steps} steps, so its learning rate never reaches stages.{name}.lr ({lr}); lower it to at most {steps}</source>
        <translation>stages.{name}.lr_warmup_steps：{n} 超过了该阶段的 {steps} 步，所以学习率永远达不到 stages.{name}.lr（{lr}）；请把它降到最多 {steps}</translation>
    </message>
    <message>
        <source>distill.weight and distill.synthetic: both are 0, so the teacher teaches nothing; raise distill.weight (e.g. 0.5) or distill.synthetic, or clear distill.teacher</source>
        <translation>distill.weight 和 distill.synthetic：两者都是 0，教师什么也教不了；请提高 distill.weight（例如 0.5）或 distill.synthetic，或清空 distill.teacher</translation>
    </message>
    <message>
        <source>sparsity.end_step: {end} is after the run&apos;s last planned step ({last}), so the sparsity never reaches sparsity.target ({target}); end the ramp at step {last} or earlier</source>
        <translation>sparsity.end_step：{end} 在运行计划的最后一步（{last}）之后，所以稀疏度永远达不到 sparsity.target（{target}）；请让爬升在第 {last} 步或更早结束</translation>
    </message>
    <message>
        <source>task.name: {arch} cannot train the {task} task; pick {tasks}, or {where}</source>
        <translation>task.name：{arch} 不能训练 {task} 任务；请选择 {tasks}，或{where}</translation>
    </message>
    <message>
        <source>{keys} (+{n} more)</source>
        <translation>{keys}（另有 {n} 个）</translation>
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
        <source>{names} or {last}</source>
        <translation>{names}或{last}</translation>
    </message>
    <message>
        <source>{names} and {last}</source>
        <translation>{names}和{last}</translation>
    </message>
    <message>
        <source>beams must be {rule}, got {beams}</source>
        <translation>束数必须是{rule}，当前为 {beams}</translation>
    </message>
    <message>
        <source>2 beams or more (or 0 for greedy)</source>
        <translation>2 束或更多（或 0 表示贪心）</translation>
    </message>
    <message>
        <source>at most {n} beams</source>
        <translation>最多 {n} 束</translation>
    </message>
    <message>
        <source>{where}: must be a list of variants ({{label: ..., settings: {{...}}}}), got {value}</source>
        <translation>{where}：必须是变体的列表（{{label: ..., settings: {{...}}}}），当前为 {value}</translation>
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
        <source>{where}: must be a mapping {{label: ..., settings: {{...}}}}, got {value}</source>
        <translation>{where}：必须是映射 {{label: ..., settings: {{...}}}}，当前为 {value}</translation>
    </message>
    <message>
        <source>{where}: must map setting paths to values, e.g. {{grpo.num_generations: 2}}, got {value}</source>
        <translation>{where}：必须把设置路径映射到值，例如 {{grpo.num_generations: 2}}，当前为 {value}</translation>
    </message>
    <message>
        <source>{who}: {path} cannot differ between variants: they share the model, the task, the data and the warm-up; a variant changes grpo.* or stages.grpo.* settings (group size, beta, the learning rate, a shuffled reward)</source>
        <translation>{who}：各变体的 {path} 不能不同：它们共用模型、任务、数据和预热；变体只改动 grpo.* 或 stages.grpo.* 设置（组大小、beta、学习率、打乱的奖励）</translation>
    </message>
    <message>
        <source>as the preset</source>
        <translation>与预设相同</translation>
    </message>
    <message>
        <source>{label} ({settings})</source>
        <translation>{label}（{settings}）</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>one of {choices}</source>
        <translation>{choices} 之一</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>映射（键: 值）</translation>
    </message>
    <message>
        <source>{what} or null</source>
        <translation>{what}或 null</translation>
    </message>
    <message>
        <source>{path}: must be {what}, got a {type}</source>
        <translation>{path}: 必须是{what}，当前是 {type}</translation>
    </message>
    <message>
        <source>{path}: must be {what}, got {value}</source>
        <translation>{path}: 必须是{what}，当前为 {value}</translation>
    </message>
    <message>
        <source>{path}: unsupported field type {type}</source>
        <translation>{path}: 不支持的字段类型 {type}</translation>
    </message>
    <message>
        <source>--set {text}: expected section.key=value, e.g. training.lr=1e-4</source>
        <translation>--set {text}：应写成 section.key=value，例如 training.lr=1e-4</translation>
    </message>
    <message>
        <source>--set {text}: the key before &apos;=&apos; is empty</source>
        <translation>--set {text}：&apos;=&apos; 前面的键为空</translation>
    </message>
    <message>
        <source>--set {key}: the value is refused: {problem}</source>
        <translation>--set {key}：这个值被拒绝：{problem}</translation>
    </message>
    <message>
        <source>--set {keys}: {where} is a value, not a section</source>
        <translation>--set {keys}：{where} 是一个值，不是一个部分</translation>
    </message>
    <message>
        <source>{path}: kept at {value}, you set it; {would}</source>
        <translation>{path}：保持为 {value}，这是你设的；{would}</translation>
    </message>
    <message>
        <source>config: the file must hold a mapping (section: values), not a list or value</source>
        <translation>config：文件必须是一个映射（部分: 值），而不是列表或单个值</translation>
    </message>
    <message>
        <source>{path}: the file holds no settings; a preset needs at least its sections (start from a shipped one: grpo-studio presets)</source>
        <translation>{path}: 文件里没有任何设置；预设至少需要它的各个部分（可以从自带的预设开始：grpo-studio presets）</translation>
    </message>
    <message>
        <source>{path}: the file must hold a mapping of a preset&apos;s sections (model:, task:, ...), not a {type}; start from a shipped one (grpo-studio presets)</source>
        <translation>{path}: 文件必须是预设各部分的映射（model:、task:、……），而不是 {type}；可以从自带的预设开始（grpo-studio presets）</translation>
    </message>
    <message>
        <source>a list of setting paths</source>
        <translation>设置路径的列表</translation>
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
        <translation type="vanished">ui.experiment：这个预设没有实验；添加两个变体（图表上方的“实验…”）</translation>
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
        <translation type="vanished">内置演示语料：{n} 个句对，{direction}</translation>
    </message>
    <message>
        <source>Sentence pairs given directly: {n} pairs, {direction}</source>
        <translation type="vanished">直接给出的句对：{n} 个，{direction}</translation>
    </message>
    <message>
        <source>split: {parts}</source>
        <translation>划分：{parts}</translation>
    </message>
    <message>
        <source>train {train}, valid {valid}, test {test}</source>
        <translation type="vanished">训练 {train}，验证 {valid}，测试 {test}</translation>
    </message>
    <message>
        <source>{path}: kept {n} pairs</source>
        <translation type="vanished">{path}：保留 {n} 个句对</translation>
    </message>
    <message>
        <source>{path}: kept {n} pair</source>
        <translation type="vanished">{path}：保留 {n} 个句对</translation>
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
        <translation type="vanished">从 0 开始计数，与 task.source_column 和 task.target_column 的计数方式相同</translation>
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
        <translation type="vanished">stages.warmup.batch_tokens {n}：长度相近的句对组成批次，每批约 {k} 对</translation>
    </message>
    <message>
        <source>{k} pairs drawn at random are {share} padding in this file</source>
        <translation type="vanished">在这个文件里随机抽取的 {k} 个句对中有 {share} 是填充</translation>
    </message>
    <message>
        <source>task.label_smoothing {n}: real text has many right translations</source>
        <translation type="vanished">task.label_smoothing {n}：真实文本有许多正确的译法</translation>
    </message>
    <message>
        <source>the warm-up is not taught to be sure of one</source>
        <translation type="vanished">预热不会被教得只认定其中一种</translation>
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
        <translation type="vanished">stages.warmup.average_last {n}：若最后 {k} 次评估时权重的平均值得分高于最后的权重，预热以该平均值结束</translation>
    </message>
    <message>
        <source>a levelled-off warm-up&apos;s weights wander around a better point</source>
        <translation type="vanished">已趋平稳的预热，其权重在一个更好的点附近徘徊</translation>
    </message>
    <message>
        <source>task.length_penalty {n}: GRPO&apos;s reward also counts how close a translation&apos;s length is to the reference&apos;s</source>
        <translation type="vanished">task.length_penalty {n}：GRPO 的奖励也计入译文长度与参考译文长度的接近程度</translation>
    </message>
    <message>
        <source>on chrF alone GRPO&apos;s translations of real text grow longer than the references</source>
        <translation type="vanished">只用 chrF 时，GRPO 对真实文本的译文会变得比参考译文更长</translation>
    </message>
    <message>
        <source>task.chrf_beta {n}: GRPO&apos;s reward weighs recall {k} times as much as precision, as the test&apos;s chrF does</source>
        <translation type="vanished">task.chrf_beta {n}：GRPO 的奖励对召回率的权重是精确率的 {k} 倍，与测试的 chrF 相同</translation>
    </message>
    <message>
        <source>weighed alike, GRPO&apos;s translations of real text sampled at {t} came out shorter than the references</source>
        <translation type="vanished">两者权重相同时，GRPO 以温度 {t} 采样的真实文本译文比参考译文短</translation>
    </message>
    <message>
        <source>stages.grpo.lr {n}: smaller steps than the preset&apos;s</source>
        <translation type="vanished">stages.grpo.lr {n}：比预设更小的步长</translation>
    </message>
    <message>
        <source>on real text GRPO&apos;s larger ones lose more of what the warm-up learned than its reward wins</source>
        <translation type="vanished">在真实文本上，GRPO 用较大的步长时，丢掉的预热所学多于它的奖励换来的</translation>
    </message>
    <message>
        <source>eval.test_decoding {n}: the test split is translated by a beam search, once at the end</source>
        <translation type="vanished">eval.test_decoding {n}：测试集用束搜索翻译，只在最后翻译一次</translation>
    </message>
    <message>
        <source>on real text it scored higher than greedy decoding, in several times the time</source>
        <translation type="vanished">在真实文本上它的得分高于贪心解码，用时是贪心解码的数倍</translation>
    </message>
    <message>
        <source>grpo.unsure_temperature {n}: GRPO samples at {t} if the policy at its start is unsure of its words</source>
        <translation type="vanished">grpo.unsure_temperature {n}：如果策略在 GRPO 开始时对所选词没把握，GRPO 就以 {t} 采样</translation>
    </message>
    <message>
        <source>sampled at 1, an unsure policy&apos;s translations carry stray words</source>
        <translation type="vanished">以 1 采样时，没把握的策略的译文会夹带不相干的词</translation>
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
        <translation type="vanished">grpo.temperature {n}：GRPO 的采样更接近模型最好的翻译</translation>
    </message>
    <message>
        <source>at 1 the samples of real text carry stray words, and GRPO ended lower on real text</source>
        <translation type="vanished">温度为 1 时，真实文本的采样会夹带无关的词，GRPO 在真实文本上的结果更低</translation>
    </message>
    <message>
        <source>training.weight_decay {n}: every step draws the weights a little towards zero</source>
        <translation type="vanished">training.weight_decay {n}：每一步都把权重向零拉近一点</translation>
    </message>
    <message>
        <source>the warm-up learns fewer of the pairs by heart and translates new sentences better</source>
        <translation type="vanished">预热死记硬背的句对更少，翻译新句子更好</translation>
    </message>
    <message>
        <source>model.dropout {n}: with {k} training pairs dropout slows the warm-up more than it helps within the time budget</source>
        <translation type="vanished">model.dropout {n}：有 {k} 个训练句对时，在时间预算内 dropout 拖慢预热的代价大于它的帮助</translation>
    </message>
    <message>
        <source>weight decay holds back learning the pairs by heart instead, at no cost in time</source>
        <translation type="vanished">改用权重衰减来抑制死记硬背句对，不额外耗时</translation>
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
        <translation type="vanished">{path}：保持为 {value}，这是你设的</translation>
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
        <translation type="vanished">这是给仍在进步的预热设的上限：通常应先由 patience 结束</translation>
    </message>
    <message>
        <source>source {code} ({language}): {column}</source>
        <translation type="vanished">源语言 {code}（{language}）：{column}</translation>
    </message>
    <message>
        <source>target {code} ({language}): {column}</source>
        <translation type="vanished">目标语言 {code}（{language}）：{column}</translation>
    </message>
    <message>
        <source>source {code}: {column}</source>
        <translation type="vanished">源语言 {code}：{column}</translation>
    </message>
    <message>
        <source>target {code}: {column}</source>
        <translation type="vanished">目标语言 {code}：{column}</translation>
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
        <translation type="vanished">run.time_budget：“{text}”不是时长</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is no time at all</source>
        <translation type="vanished">run.time_budget：“{text}”的时长为零</translation>
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
        <translation type="vanished">时间预算 {budget}：估计用时 {estimate}，放得下</translation>
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
        <source>&quot;{name}&quot; takes a whole number from {low} to {high} ({option}), got {value}</source>
        <translation>“{name}”应为 {low} 到 {high} 之间的整数（{option}），收到的是 {value}</translation>
    </message>
    <message>
        <source>a number of {n} digits</source>
        <translation>一个 {n} 位的数</translation>
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
        <translation type="vanished">按文字系统匹配各列</translation>
    </message>
    <message>
        <source>columns matched by script and language identification</source>
        <translation type="vanished">按文字系统和语言识别匹配各列</translation>
    </message>
    <message>
        <source>columns matched named by the file ({names})</source>
        <translation type="vanished">按文件给出的名称匹配各列（{names}）</translation>
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
        <source>Exporting the {graph} graph</source>
        <translation>正在导出 {graph} 图</translation>
    </message>
    <message>
        <source>step {step}</source>
        <translation>第 {step} 步</translation>
    </message>
    <message>
        <source>checked: {matches}/{examples} held-out outputs equal, max diff {diff}</source>
        <translation>已检查：{matches}/{examples} 个留出输出一致，最大差异 {diff}</translation>
    </message>
    <message>
        <source>int8 {metric} {change}</source>
        <translation>int8 {metric} {change}</translation>
    </message>
    <message>
        <source>Exported {arch} ({which}) to {path} (+{n} more graphs)</source>
        <translation>已把 {arch}（{which}）导出到 {path}（另有 {n} 个图）</translation>
    </message>
    <message>
        <source>Exported {arch} ({which}) to {path} (+{n} more graph)</source>
        <translation>已把 {arch}（{which}）导出到 {path}（另有 {n} 个图）</translation>
    </message>
    <message>
        <source>Exported {arch} ({which}) to {path}</source>
        <translation>已把 {arch}（{which}）导出到 {path}</translation>
    </message>
    <message>
        <source>Quantizing to int8 and measuring the change</source>
        <translation>正在量化为 int8 并测量变化</translation>
    </message>
    <message>
        <source>Checking the graphs against PyTorch</source>
        <translation>正在对照 PyTorch 检查各图</translation>
    </message>
    <message>
        <source>Reading the checkpoint</source>
        <translation>正在读取检查点</translation>
    </message>
    <message>
        <source>Moving the files into place</source>
        <translation>正在把文件移到位</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>int8 {int8} MB (fp32 {fp32} MB); {metric} {before} -&gt; {after} ({change}); {share} of {examples} held-out outputs unchanged</source>
        <translation>int8 {int8} MB（fp32 {fp32} MB）；{metric} {before} -&gt; {after}（{change}）；{examples} 个留出输出中 {share} 没有变化</translation>
    </message>
    <message>
        <source>sparsity: {share} of the weight matrices&apos; entries are zero; {n} weight matrices stored as ONNX sparse initializers, {stored} MB instead of {dense} MB; onnxruntime makes them dense again when it loads the model and runs dense kernels, so its memory and speed are those of the dense model</source>
        <translation>稀疏度：权重矩阵中 {share} 的元素为零；{n} 个权重矩阵以 ONNX 稀疏初始化器存储，占 {stored} MB 而不是 {dense} MB；onnxruntime 加载模型时会把它们还原为稠密矩阵并运行稠密内核，所以它的内存和速度与稠密模型相同</translation>
    </message>
    <message>
        <source>sparsity: {share} of the weight matrices&apos; entries are zero, too few for sparse storage to be smaller (an index and a value per non-zero: it needs above 67% zeros in a matrix), so the files are dense; with dense kernels the zeros cost the memory and time of any other weight</source>
        <translation>稀疏度：权重矩阵中 {share} 的元素为零，太少，稀疏存储并不会更小（每个非零值需要一个索引和一个值：一个矩阵需要 67% 以上为零），所以文件是稠密的；用稠密内核时，这些零与其他权重占用同样的内存和时间</translation>
    </message>
    <message>
        <source>max |ORT - PyTorch| {diff} over {cases} random-input cases; greedy outputs equal on {matches}/{examples} held-out examples; {metric} {onnx} (PyTorch {torch})</source>
        <translation>{cases} 个随机输入用例上 max |ORT - PyTorch| 为 {diff}；{matches}/{examples} 个留出样例的贪心输出一致；{metric} {onnx}（PyTorch {torch}）</translation>
    </message>
    <message>
        <source>time budget {budget}: the estimate, {estimate}, fits; nothing changed</source>
        <translation>时间预算 {budget}：估计用时 {estimate}，放得下；未做任何更改</translation>
    </message>
    <message>
        <source>time budget {budget}: {stages} fills what the other stages leave of it (its cap would take {estimate})</source>
        <translation>时间预算 {budget}：{stages} 用满其他阶段留下的时间（按其上限需要 {estimate}）</translation>
    </message>
    <message>
        <source>model.arch: must be one of {names}, got &quot;{name}&quot;</source>
        <translation>model.arch：必须是 {names} 之一，当前为 &quot;{name}&quot;</translation>
    </message>
    <message>
        <source>a prompt of {n} tokens plus {k} new tokens needs {total} positions but model.max_len is {max_len}; raise model.max_len</source>
        <translation>{n} 个词元的提示加上 {k} 个新词元需要 {total} 个位置，但 model.max_len 是 {max_len}；请提高 model.max_len</translation>
    </message>
    <message>
        <source>model.stages: must be block counts adding up to {n} (Lite-ResNet has {layers} weight layers: stem + {n} blocks x 2 + head), got {value}</source>
        <translation>model.stages：必须是总和为 {n} 的模块数（Lite-ResNet 有 {layers} 个权重层：stem + {n} 个模块 x 2 + head），当前为 {value}</translation>
    </message>
    <message>
        <source>model.image_size: {size} px is too small for stem_stride {stride} and {n} stages; use a larger image or fewer stages</source>
        <translation>model.image_size：{size} 像素对 stem_stride {stride} 和 {n} 个阶段来说太小；请用更大的图像或更少的阶段</translation>
    </message>
    <message>
        <source>model.n_heads: {heads} does not divide model.d_model ({width}); pick a head count that divides the width (e.g. 4 or 8)</source>
        <translation>model.n_heads：{heads} 不能整除 model.d_model（{width}）；请选一个能整除宽度的头数（例如 4 或 8）</translation>
    </message>
    <message>
        <source>vocab_size must be at least 2, got {n}</source>
        <translation>vocab_size 至少为 2，当前为 {n}</translation>
    </message>
    <message>
        <source>pad_id {id} is outside the vocabulary 0..{last}</source>
        <translation>pad_id {id} 不在词表 0..{last} 之内</translation>
    </message>
    <message>
        <source>{what} needs {n} positions but model.max_len is {max_len}; raise model.max_len or shorten the prompts or completions</source>
        <translation>{what}需要 {n} 个位置，但 model.max_len 是 {max_len}；请提高 model.max_len，或缩短提示或补全</translation>
    </message>
    <message>
        <source>the input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>{n} completions for {p} prompts is not {g} per prompt</source>
        <translation>{p} 个提示对应 {n} 个补全，不是每个提示 {g} 个</translation>
    </message>
    <message>
        <source>a prompt plus its completion</source>
        <translation>一个提示加上它的补全</translation>
    </message>
    <message>
        <source>num_samples and max_new_tokens must be at least 1, got {g} and {n}</source>
        <translation>num_samples 和 max_new_tokens 至少为 1，当前为 {g} 和 {n}</translation>
    </message>
    <message>
        <source>temperature must be positive, got {t}</source>
        <translation>温度必须为正数，当前为 {t}</translation>
    </message>
    <message>
        <source>prompt_mask {mask} must match prompt_ids {ids}</source>
        <translation>prompt_mask {mask} 必须与 prompt_ids {ids} 形状一致</translation>
    </message>
    <message>
        <source>a prompt of {n} tokens plus {k} new tokens</source>
        <translation>{n} 个词元的提示加上 {k} 个新词元</translation>
    </message>
    <message>
        <source>model.path: empty; give the folder of a model on this computer (the gallery&apos;s Models on this computer lists those it finds)</source>
        <translation>model.path：为空；请给出这台电脑上一个模型的文件夹（图库中的“本机上的模型”会列出找到的模型）</translation>
    </message>
    <message>
        <source>model.path: {path} is not a folder; give a model&apos;s folder</source>
        <translation>model.path：{path} 不是文件夹；请给出模型的文件夹</translation>
    </message>
    <message>
        <source>model.path: {problem}</source>
        <translation>model.path：{problem}</translation>
    </message>
    <message>
        <source>shorten the completions (grpo.max_new_tokens), lower stages.grpo.batch_size, or choose a smaller model</source>
        <translation>缩短补全（grpo.max_new_tokens）、降低 stages.grpo.batch_size，或选用更小的模型</translation>
    </message>
    <message>
        <source>train small LoRA adapters instead of every weight (model.lora: true), shorten the completions (grpo.max_new_tokens), or choose a smaller model</source>
        <translation>改为训练小型 LoRA 适配器而不是全部权重（model.lora: true）、缩短补全（grpo.max_new_tokens），或选用更小的模型</translation>
    </message>
    <message>
        <source>model.max_len: {max_len} is more than the {trained} positions the model was trained for; lower model.max_len to at most {trained}</source>
        <translation>model.max_len：{max_len} 超过了模型训练时的 {trained} 个位置；请把 model.max_len 降到最多 {trained}</translation>
    </message>
    <message>
        <source>grpo.ref_sync_steps: under LoRA the KL reference is the model without its adapters, which cannot be refreshed from the policy; set grpo.ref_sync_steps: 0, or model.lora: false</source>
        <translation>grpo.ref_sync_steps：使用 LoRA 时，KL 参考模型是不带适配器的模型，无法从策略刷新；请设置 grpo.ref_sync_steps: 0，或 model.lora: false</translation>
    </message>
    <message>
        <source>stages.warmup.lr {lr}: supervised steps on a pretrained model, training LoRA adapters, keep the steps small not to erase what it knows</source>
        <translation>stages.warmup.lr {lr}：在预训练模型上做监督步骤，训练 LoRA 适配器，步子要小，以免抹掉它已学会的</translation>
    </message>
    <message>
        <source>stages.warmup.lr {lr}: supervised steps on a pretrained model of {size} parameters, training every weight: steps small enough not to erase what it knows, larger the smaller the model</source>
        <translation>stages.warmup.lr {lr}：在 {size} 参数的预训练模型上做监督步骤，训练全部权重：步子小到不抹掉它已学会的，模型越小步子越大</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>every weight</source>
        <translation>全部权重</translation>
    </message>
    <message>
        <source>stages.warmup.lr {lr}: supervised steps on a pretrained model, training {how}, keep the steps small not to erase what it knows</source>
        <translation type="vanished">stages.warmup.lr {lr}：在预训练模型上做有监督的步骤，训练{how}，步长要小，以免抹掉它已会的东西</translation>
    </message>
    <message>
        <source>stages.grpo.lr {lr}: GRPO on a pretrained model, training {how}</source>
        <translation>stages.grpo.lr {lr}：在预训练模型上做 GRPO，训练{how}</translation>
    </message>
    <message>
        <source>model.path: config.json has none of {keys}; it is damaged</source>
        <translation>model.path：config.json 中没有 {keys} 中的任何一个；它已损坏</translation>
    </message>
    <message>
        <source>a prompt of {prompt} tokens plus {new} new tokens needs {total} positions but model.max_len is {max_len}; raise model.max_len</source>
        <translation>{prompt} 个词元的提示加上 {new} 个新词元需要 {total} 个位置，但 model.max_len 是 {max_len}；请提高 model.max_len</translation>
    </message>
    <message>
        <source>model.path: the tokenizer has {tokens} tokens but the model only {outputs} outputs; the folder&apos;s tokenizer is not the model&apos;s</source>
        <translation>model.path：分词器有 {tokens} 个词元，而模型只有 {outputs} 个输出；文件夹里的分词器不是这个模型的</translation>
    </message>
    <message>
        <source>{path}: holds no weights (model.safetensors, or pytorch_model.bin); copy the whole folder the model was saved in, or download the model again</source>
        <translation>{path}：没有权重（model.safetensors 或 pytorch_model.bin）；请复制保存模型的整个文件夹，或重新下载模型</translation>
    </message>
    <message>
        <source>{path}: has no config.json, so it is not a Hugging Face model folder; choose the folder that holds config.json and the weights (what save_pretrained writes)</source>
        <translation>{path}：没有 config.json，所以不是 Hugging Face 模型文件夹；请选择包含 config.json 和权重的文件夹（save_pretrained 写出的那种）</translation>
    </message>
    <message>
        <source>{file}: is not valid JSON ({error}); the model folder is damaged: copy or download it again</source>
        <translation>{file}：不是有效的 JSON（{error}）；模型文件夹已损坏：请重新复制或下载</translation>
    </message>
    <message>
        <source>{file}: must hold a JSON object; the model folder is damaged</source>
        <translation>{file}：必须是一个 JSON 对象；模型文件夹已损坏</translation>
    </message>
    <message>
        <source>{path}: asks to run Python code shipped in the folder (auto_map), which the studio never runs for a model it was handed; choose a model of a family transformers itself ships ({supported})</source>
        <translation>{path}：要求运行文件夹里附带的 Python 代码（auto_map），而对于交给它的模型，工作室从不运行这种代码；请选择 transformers 自身就支持的模型家族（{supported}）</translation>
    </message>
    <message>
        <source>{path}: is a model ({named}) the studio cannot train with GRPO; it trains causal language models and translators of the families {supported}</source>
        <translation>{path}：是一个工作室无法用 GRPO 训练的模型（{named}）；它能训练的是 {supported} 这些家族的因果语言模型和翻译模型</translation>
    </message>
    <message>
        <source>{file}: leads to {real}, outside the model&apos;s folder {root}; the studio reads a model folder&apos;s own files only: replace the link with a copy of the file</source>
        <translation>{file}：指向模型文件夹 {root} 之外的 {real}；工作室只读取模型文件夹自己的文件：请用文件的副本替换这个链接</translation>
    </message>
    <message>
        <source>{index}: is not a valid weights index; download it again</source>
        <translation>{index}：不是有效的权重索引；请重新下载</translation>
    </message>
    <message>
        <source>{index}: names {name}, a file outside the folder; the index is damaged</source>
        <translation>{index}：指向文件夹之外的文件 {name}；索引已损坏</translation>
    </message>
    <message>
        <source>{file}: is cut short; download the model again</source>
        <translation>{file}：文件不完整；请重新下载模型</translation>
    </message>
    <message>
        <source>{file}: says its header is {length} bytes, far more than any model&apos;s; it is not a safetensors file the studio can read</source>
        <translation>{file}：声称其文件头有 {length} 字节，远超任何模型的文件头；它不是工作室能读取的 safetensors 文件</translation>
    </message>
    <message>
        <source>{file}: cannot be read ({reason})</source>
        <translation>{file}：无法读取（{reason}）</translation>
    </message>
    <message>
        <source>{file}: is not a safetensors file; download it again</source>
        <translation>{file}：不是 safetensors 文件；请重新下载</translation>
    </message>
    <message>
        <source>a causal language model</source>
        <translation>因果语言模型</translation>
    </message>
    <message>
        <source>a translator</source>
        <translation>翻译模型</translation>
    </message>
    <message>
        <source>a model the studio cannot train</source>
        <translation>工作室无法训练的模型</translation>
    </message>
    <message>
        <source>{path}: is {what} ({family}), not {wanted}; choose {wanted} (the gallery&apos;s Models on this computer says what each folder is)</source>
        <translation>{path}：是{what}（{family}），不是{wanted}；请选择{wanted}（图库中的“本机上的模型”会说明每个文件夹是什么）</translation>
    </message>
    <message>
        <source>{path}: its pickled weights (pytorch_model.bin) hold more than weights and would run code when loaded ({error}); they were refused without running: use a copy of the model saved as safetensors</source>
        <translation>{path}：它用 pickle 保存的权重（pytorch_model.bin）不只包含权重，加载时会运行代码（{error}）；已拒绝且未运行：请使用保存为 safetensors 的模型副本</translation>
    </message>
    <message>
        <source>{path}: transformers could not load it ({error}); copy or download the whole folder again</source>
        <translation>{path}：transformers 无法加载它（{error}）；请重新复制或下载整个文件夹</translation>
    </message>
    <message>
        <source>{path}: has no tokenizer transformers can read ({error}); a model folder needs its tokenizer files (tokenizer.json or the sentencepiece models, and tokenizer_config.json) beside config.json</source>
        <translation>{path}：没有 transformers 能读取的分词器（{error}）；模型文件夹需要在 config.json 旁放好分词器文件（tokenizer.json 或 sentencepiece 模型，以及 tokenizer_config.json）</translation>
    </message>
    <message>
        <source>{out}: nothing was saved there; check the folder and try again</source>
        <translation>{out}：那里什么也没有保存；请检查文件夹后重试</translation>
    </message>
    <message>
        <source>the model&apos;s tokenizer has no end-of-text token (eos_token in tokenizer_config.json), so a completion could never end; the folder&apos;s tokenizer is incomplete</source>
        <translation>模型的分词器没有文本结束词元（tokenizer_config.json 中的 eos_token），补全永远无法结束；文件夹里的分词器不完整</translation>
    </message>
    <message>
        <source>model.path: the tokenizers have {source} and {target} tokens but the model reads {inputs} and writes {outputs}; the folder&apos;s tokenizer is not the model&apos;s</source>
        <translation>model.path：分词器有 {source} 和 {target} 个词元，但模型读取 {inputs} 个、写出 {outputs} 个；文件夹中的分词器不是这个模型的</translation>
    </message>
    <message>
        <source>the translator&apos;s tokenizer has no {token} (tokenizer_config.json); the folder&apos;s tokenizer is incomplete</source>
        <translation>翻译模型的分词器没有 {token}（tokenizer_config.json）；文件夹中的分词器不完整</translation>
    </message>
    <message>
        <source>{path}: config.json names no decoder_start_token_id, so a translation could not begin; the folder is damaged</source>
        <translation>{path}：config.json 没有给出 decoder_start_token_id，翻译无法开始；该文件夹已损坏</translation>
    </message>
    <message>
        <source>the model&apos;s scores (logits) are NaN or infinite, so no token can be drawn: its weights have diverged, most often from a learning rate far too high; lower the stage&apos;s lr and train again from a checkpoint before it went wrong</source>
        <translation>模型的分数（logits）是 NaN 或无穷大，无法抽取任何词元：它的权重已经发散，最常见的原因是学习率过高；请降低该阶段的 lr，并从出错之前的检查点重新训练</translation>
    </message>
    <message>
        <source>rows {first}..{last} are not inside a batch of {total}</source>
        <translation>第 {first}..{last} 行不在大小为 {total} 的批次之内</translation>
    </message>
    <message>
        <source>sampling {n} rows, but this process holds {held} rows of the shared-noise batch; call draw() with one row of probabilities per row of the rollout</source>
        <translation>要采样 {n} 行，但这个进程持有共享噪声批次中的 {held} 行；调用 draw() 时请为采样的每一行给一行概率</translation>
    </message>
    <message>
        <source>sampling {n} rows, but this process holds {held} rows of the shared-noise batch ({selected} selected); call draw() with one row of probabilities per row of the rollout</source>
        <translation>要采样 {n} 行，但这个进程持有共享噪声批次中的 {held} 行（选中 {selected} 行）；调用 draw() 时请为采样的每一行给一行概率</translation>
    </message>
    <message>
        <source>top_p must be above 0 and at most 1 (1: no filter), got {value}</source>
        <translation>top_p 必须大于 0 且不超过 1（1：不过滤），当前为 {value}</translation>
    </message>
    <message>
        <source>top_k must be 0 (no filter) or more, got {value}</source>
        <translation>top_k 必须是 0（不过滤）或更大，当前为 {value}</translation>
    </message>
    <message>
        <source>temperature must be positive to sample, got {t}</source>
        <translation>采样时温度必须为正数，当前为 {t}</translation>
    </message>
    <message>
        <source>model.share_layers: {k} blocks cannot share weights in a stack of {depth} ({name}); use at most {depth} (all of them share one) or 1 (none)</source>
        <translation>model.share_layers：在 {depth} 层的堆叠（{name}）中无法让 {k} 个模块共享权重；请最多用 {depth}（全部共享一份）或 1（不共享）</translation>
    </message>
    <message>
        <source>sparsity.target: this model has no Linear or Conv weight to prune; set sparsity.target: 0 (or sparsity.embeddings: true to prune its embeddings)</source>
        <translation>sparsity.target：这个模型没有可剪枝的 Linear 或 Conv 权重；请设置 sparsity.target: 0（或 sparsity.embeddings: true 以剪枝其嵌入）</translation>
    </message>
    <message>
        <source>d_model ({width}) must be divisible by n_heads ({heads}); change one of them</source>
        <translation>d_model（{width}）必须能被 n_heads（{heads}）整除；请修改其中一个</translation>
    </message>
    <message>
        <source>model.shared_vocab needs one vocabulary, got source {source} and target {target} tokens; use one tokenizer for both sides or set shared_vocab: false</source>
        <translation>model.shared_vocab 需要同一个词表，当前源端 {source} 个词元、目标端 {target} 个；请两端共用一个分词器，或设置 shared_vocab: false</translation>
    </message>
    <message>
        <source>{what} has {n} tokens but the model&apos;s max_len is {max_len}; shorten it (data.max_length, grpo.max_new_tokens) or raise model.max_len</source>
        <translation>{what}有 {n} 个词元，但模型的 max_len 是 {max_len}；请缩短它（data.max_length、grpo.max_new_tokens）或提高 model.max_len</translation>
    </message>
    <message>
        <source>The source</source>
        <translation>源文本</translation>
    </message>
    <message>
        <source>The target</source>
        <translation>目标文本</translation>
    </message>
    <message>
        <source>{path}: the checkpoint cannot be read ({reason}); resume from an earlier one in the same folder or start a new run</source>
        <translation>{path}：无法读取检查点（{reason}）；请从同一文件夹中更早的检查点继续，或开始新的运行</translation>
    </message>
    <message>
        <source>{problem} {note}</source>
        <translation>{problem} {note}</translation>
    </message>
    <message>
        <source>The run has no checkpoint yet.</source>
        <translation>这次运行还没有检查点。</translation>
    </message>
    <message>
        <source>The run stopped after its last good checkpoint, {name}; resume it from there once there is room (grpo-studio train --resume {path}).</source>
        <translation>运行停在最后一个完好的检查点 {name} 之后；腾出空间后可从那里继续（grpo-studio train --resume {path}）。</translation>
    </message>
    <message>
        <source>{path}: names {name}, which is not a checkpoint file of this folder (step_&lt;n&gt;.pt); delete {path} to use the newest checkpoint</source>
        <translation>{path}：指向 {name}，它不是这个文件夹的检查点文件（step_&lt;n&gt;.pt）；删除 {path} 即可使用最新的检查点</translation>
    </message>
    <message>
        <source>--checkpoint {name}: no such checkpoint in {folder}; give one of {names} or a step number</source>
        <translation>--checkpoint {name}：{folder} 中没有这个检查点；请给出 {names} 之一，或一个步数</translation>
    </message>
    <message>
        <source>(none: train first)</source>
        <translation>（没有：请先训练）</translation>
    </message>
    <message>
        <source>{path}: has no checkpoint yet; train first (grpo-studio train)</source>
        <translation>{path}：还没有检查点；请先训练（grpo-studio train）</translation>
    </message>
    <message>
        <source>{name} ({reason})</source>
        <translation>{name}（{reason}）</translation>
    </message>
    <message>
        <source>{names} cannot be read; using {name}, the newest checkpoint that can (pick another with --checkpoint NAME)</source>
        <translation>{names} 无法读取；改用 {name}，即能读取的最新检查点（可用 --checkpoint NAME 另选）</translation>
    </message>
    <message>
        <source>{path}: no checkpoint can be read ({damaged}); the run cannot continue from them: start a new run with its config</source>
        <translation>{path}：没有一个检查点能读取（{damaged}）；运行无法从它们继续：请用它的配置开始新的运行</translation>
    </message>
    <message>
        <source>{path}: its checkpoints kept changing while being read; try again</source>
        <translation>{path}：读取时它的检查点一直在变化；请重试</translation>
    </message>
    <message>
        <source>{name} is newer than the checkpoint resumed from; kept as {kept}</source>
        <translation>{name} 比继续时所用的检查点更新；已保留为 {kept}</translation>
    </message>
    <message>
        <source>{path}: holds {size} once unpacked, more than this process can hold ({bound}); a checkpoint of this run&apos;s model is far smaller: the file was altered or is not this run&apos;s; use an earlier checkpoint (--checkpoint NAME) or one from a source you trust</source>
        <translation>{path}：解包后有 {size}，超过这个进程能容纳的量（{bound}）；这次运行的模型的检查点要小得多：文件被改动过，或者不是这次运行的；请使用更早的检查点（--checkpoint NAME）或来自可信来源的检查点</translation>
    </message>
    <message>
        <source>the file is gone</source>
        <translation>文件已不存在</translation>
    </message>
    <message>
        <source>{path}: refused: it holds {culprit}, which a GRPO Studio checkpoint never holds and which could run code when read; nothing in it was run. Use a run folder from a source you trust, or train the run again</source>
        <translation type="vanished">{path}：已拒绝：它包含 {culprit}，GRPO Studio 的检查点从不包含它，读取时可能会运行代码；其中的内容一概未运行。请使用来自可信来源的运行文件夹，或重新训练</translation>
    </message>
    <message>
        <source>not a GRPO Studio checkpoint: no model weights in it</source>
        <translation>不是 GRPO Studio 检查点：其中没有模型权重</translation>
    </message>
    <message>
        <source>not a PyTorch checkpoint file, or cut short</source>
        <translation>不是 PyTorch 检查点文件，或者文件不完整</translation>
    </message>
    <message>
        <source>cut short or damaged: {reason}</source>
        <translation>不完整或已损坏：{reason}</translation>
    </message>
    <message>
        <source>{path}: not a GRPO Studio checkpoint (its weights are not tensors)</source>
        <translation>{path}：不是 GRPO Studio 检查点（其中的权重不是张量）</translation>
    </message>
    <message>
        <source>{path}: its weights do not fit the model the run&apos;s config.yaml describes ({problems}); the model settings were changed after training: put them back, or start a new run</source>
        <translation>{path}：它的权重与运行的 config.yaml 描述的模型不符（{problems}）；模型设置在训练后被改过：请改回来，或开始新的运行</translation>
    </message>
    <message>
        <source>{path}: its weights hold NaN or infinite values ({names}): the run had diverged; use an earlier checkpoint (--checkpoint NAME when resuming) or train again with a lower learning rate</source>
        <translation>{path}：它的权重含有 NaN 或无穷大（{names}）：运行已经发散；请使用更早的检查点（继续时用 --checkpoint NAME），或用更低的学习率重新训练</translation>
    </message>
    <message>
        <source>{key}: missing</source>
        <translation>{key}：缺失</translation>
    </message>
    <message>
        <source>{key}: not in this model</source>
        <translation>{key}：不在这个模型中</translation>
    </message>
    <message>
        <source>{key}: {saved} saved, {shape} in the config</source>
        <translation>{key}：保存的是 {saved}，配置中是 {shape}</translation>
    </message>
    <message>
        <source>cannot create a run folder in {path}: {reason}; choose a folder you can write to (--save_dir)</source>
        <translation>无法在 {path} 中创建运行文件夹：{reason}；请选择一个你能写入的文件夹（--save_dir）</translation>
    </message>
    <message>
        <source>{path}: is a file, not a run folder; give the folder a training run created ({folder})</source>
        <translation>{path}：是文件，不是运行文件夹；请给出训练运行创建的文件夹（{folder}）</translation>
    </message>
    <message>
        <source>{path}: is a file, not a run folder; give the folder a training run created</source>
        <translation>{path}：是文件，不是运行文件夹；请给出训练运行创建的文件夹</translation>
    </message>
    <message>
        <source>{path}: no such run folder; give the folder a training run created</source>
        <translation>{path}：没有这个运行文件夹；请给出训练运行创建的文件夹</translation>
    </message>
    <message>
        <source>{path}: not a run folder (no {file}); give the folder a training run created</source>
        <translation>{path}：不是运行文件夹（没有 {file}）；请给出训练运行创建的文件夹</translation>
    </message>
    <message>
        <source>{path}: the prune that was writing this folder (of {source}) was interrupted before its checkpoint was written, so it holds no model; delete {path} and prune again (grpo-studio prune {source} --sparsity ...)</source>
        <translation>{path}：正在写这个文件夹的剪枝（源自 {source}）在写出检查点之前被中断，所以里面没有模型；请删除 {path} 后重新剪枝（grpo-studio prune {source} --sparsity ...）</translation>
    </message>
    <message>
        <source>its model settings</source>
        <translation>它的模型设置</translation>
    </message>
    <message>
        <source>{path}: {named} makes a model of {n} parameters, whose weights alone take {size}, more than {machine}; the model settings were changed after training: put them back</source>
        <translation>{path}：{named}构成一个有 {n} 个参数的模型，仅权重就占 {size}，超过了{machine}；模型设置在训练后被改过：请改回来</translation>
    </message>
    <message>
        <source>a task file (at most 256 MB)</source>
        <translation>任务文件（最多 256 MB）</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason}); the run folder is damaged</source>
        <translation>{path}：无法读取（{reason}）；运行文件夹已损坏</translation>
    </message>
    <message>
        <source>{path}: not a task file (a JSON object); the run folder is damaged</source>
        <translation>{path}：不是任务文件（一个 JSON 对象）；运行文件夹已损坏</translation>
    </message>
    <message>
        <source>process {pid} on {host}, since {when}</source>
        <translation>{host} 上的进程 {pid}，自 {when} 起</translation>
    </message>
    <message>
        <source>{path}: is being trained by {holder}; wait for that run to end or stop it first (if it no longer runs, delete {lock})</source>
        <translation>{path}：正由{holder}训练；请等那次运行结束或先停止它（如果它已经不在运行，请删除 {lock}）</translation>
    </message>
    <message>
        <source>a lock file (a line)</source>
        <translation>锁文件（一行）</translation>
    </message>
    <message>
        <source>cannot write to {path}: {reason}; check the folder&apos;s permissions</source>
        <translation>无法写入 {path}：{reason}；请检查文件夹的权限</translation>
    </message>
    <message>
        <source>{key} cannot change when {run} resumes: it was trained with {old}, the change makes it {new} (and {others}). A resumed run may change only {may}; to change the others start a new run from its config (--config {config})</source>
        <translation>{run} 继续时 {key} 不能改变：它训练时是 {old}，改动后变为 {new}（还有 {others}）。继续的运行只能改变 {may}；要改其他设置，请用它的配置开始新的运行（--config {config}）</translation>
    </message>
    <message>
        <source>{key} cannot change when {run} resumes: it was trained with {old}, the change makes it {new}. A resumed run may change only {may}; to change the others start a new run from its config (--config {config})</source>
        <translation>{run} 继续时 {key} 不能改变：它训练时是 {old}，改动后变为 {new}。继续的运行只能改变 {may}；要改其他设置，请用它的配置开始新的运行（--config {config}）</translation>
    </message>
    <message>
        <source>training.init_from: {path} is a folder; give the path of a warm start file in it (a .pt file tools/make_warm_start.py wrote), or clear the setting to start from random weights</source>
        <translation>training.init_from：{path} 是一个文件夹；请给出其中热启动文件的路径（tools/make_warm_start.py 写出的 .pt 文件），或清空此设置以从随机权重开始</translation>
    </message>
    <message>
        <source>training.init_from: {path} is not a plain file (a device or a pipe); give the path of a warm start file, or clear the setting to start from random weights</source>
        <translation>training.init_from：{path} 不是普通文件（是设备或管道）；请给出热启动文件的路径，或清空此设置以从随机权重开始</translation>
    </message>
    <message>
        <source>training.init_from: {path} is a checkpoint but not a warm start (it lacks the task&apos;s tokenizers); write one with python tools/make_warm_start.py</source>
        <translation>training.init_from：{path} 是检查点，但不是热启动文件（它缺少任务的分词器）；请用 python tools/make_warm_start.py 写一个</translation>
    </message>
    <message>
        <source>training.init_from: {path} holds a {their_arch} model of the {their_task} task, this run trains a {arch} model of the {task} task; pick a warm start of this task and model, or clear the setting</source>
        <translation>training.init_from：{path} 是 {their_task} 任务的 {their_arch} 模型，而这次运行训练的是 {task} 任务的 {arch} 模型；请选择这个任务和模型的热启动文件，或清空这项设置</translation>
    </message>
    <message>
        <source>training.init_from: {path}: its weights do not fit the model this run&apos;s settings describe ({problems}); put the model settings back as the preset has them, or clear the setting to start from random weights</source>
        <translation>training.init_from：{path}：它的权重与本次运行的设置所描述的模型不符（{problems}）；请把模型设置恢复为预设中的值，或清空此设置以从随机权重开始</translation>
    </message>
    <message>
        <source>training.init_from: {path} holds NaN or infinite weights ({names}), so a run cannot start from it; write the warm start again (python tools/make_warm_start.py) or pick another</source>
        <translation>training.init_from：{path} 含有 NaN 或无穷大的权重（{names}），运行无法从它开始；请重新写出热启动文件（python tools/make_warm_start.py）或另选一个</translation>
    </message>
    <message>
        <source>{setting}: {rule}, got {value}</source>
        <translation>{setting}：{rule}，当前为 {value}</translation>
    </message>
    <message>
        <source>a prompt of {n} tokens plus {k} new tokens needs {total} positions but model.max_len is {max_len}; raise model.max_len or shorten the prompts or completions</source>
        <translation>{n} 个词元的提示加上 {k} 个新词元需要 {total} 个位置，但 model.max_len 是 {max_len}；请提高 model.max_len，或缩短提示或补全</translation>
    </message>
    <message>
        <source>must be 1 or more completions a prompt</source>
        <translation>每个提示必须有 1 个或更多补全</translation>
    </message>
    <message>
        <source>must be at most {n} completions a prompt (each is a row of one batch)</source>
        <translation>每个提示最多 {n} 个补全（每个补全是同一批次中的一行）</translation>
    </message>
    <message>
        <source>must be 0 (greedy) or a positive number</source>
        <translation>必须是 0（贪心）或正数</translation>
    </message>
    <message>
        <source>prompt {n} is empty; give the text to complete</source>
        <translation>第 {n} 个提示为空；请给出要补全的文本</translation>
    </message>
    <message>
        <source>a {task} run does not complete text</source>
        <translation>{task} 运行不能补全文本</translation>
    </message>
    <message>
        <source>--allow-origin takes a web page&apos;s origin, scheme://host[:port] such as https://example.org, got {origin}</source>
        <translation>--allow-origin 需要一个网页的源，形如 scheme://host[:port]，例如 https://example.org，收到的是 {origin}</translation>
    </message>
    <message>
        <source>Cannot translate text: {kind}: {error}</source>
        <translation>无法翻译文本：{kind}：{error}</translation>
    </message>
    <message>
        <source>{path}: {error}</source>
        <translation>{path}：{error}</translation>
    </message>
    <message>
        <source>Slowdown: the model has {n} sentences waiting (--max-waiting); send again in a moment</source>
        <translation>请放慢：模型已有 {n} 个句子在等待（--max-waiting）；请稍后再发送</translation>
    </message>
    <message>
        <source>the server is stopping; its translations have ended</source>
        <translation>服务器正在停止；它的翻译已经结束</translation>
    </message>
    <message>
        <source>a client closed its connection before its answer: its request stopped after {sentences}; requests stopped so far: {count}</source>
        <translation>一个客户端在得到回答前关闭了连接：它的请求在 {sentences}后停止；至今停止的请求：{count}</translation>
    </message>
    <message>
        <source>the client closed its connection</source>
        <translation>客户端关闭了连接</translation>
    </message>
    <message>
        <source>this server answers to {hosts}, not to Host {host}; use one of those, or start the server with --allow-host NAME</source>
        <translation>这个服务器只响应 {hosts}，不响应 Host {host}；请使用其中之一，或用 --allow-host NAME 启动服务器</translation>
    </message>
    <message>
        <source>a web page ({origin}) may not use this server; programs on this machine and browser add-ons may</source>
        <translation type="vanished">网页（{origin}）不能使用这个服务器；这台机器上的程序和浏览器插件可以</translation>
    </message>
    <message>
        <source>{method} {path} is not served; use {allowed}</source>
        <translation>不提供 {method} {path}；请使用 {allowed}</translation>
    </message>
    <message>
        <source>no such path {path}; this server answers {paths}</source>
        <translation>没有路径 {path}；这个服务器响应 {paths}</translation>
    </message>
    <message>
        <source>Slowdown: at most {rate} requests from one client (--rate); wait {wait} s and send again</source>
        <translation>请放慢：每个客户端最多 {rate} 个请求（--rate）；请等待 {wait} 秒后再发送</translation>
    </message>
    <message>
        <source>this server needs an API key: send it as api_key</source>
        <translation>这个服务器需要 API 密钥：请以 api_key 发送</translation>
    </message>
    <message>
        <source>Invalid API key</source>
        <translation>API 密钥无效</translation>
    </message>
    <message>
        <source>a client sent a suggestion; serve --suggestions keeps them</source>
        <translation>一个客户端发来了更正；serve --suggestions 会保存这些更正</translation>
    </message>
    <message>
        <source>kept a suggestion ({n} since the server started)</source>
        <translation>保存了一条更正（服务器启动以来共 {n} 条）</translation>
    </message>
    <message>
        <source>cannot listen on {host}: {reason}; give an address of this machine</source>
        <translation>无法在 {host} 上监听：{reason}；请给出这台机器的地址</translation>
    </message>
    <message>
        <source>port {port} is in use by another program; choose another --port (0: any free one)</source>
        <translation>端口 {port} 已被其他程序占用；请另选 --port（0：任意空闲端口）</translation>
    </message>
    <message>
        <source>cannot listen on {host}:{port} ({reason})</source>
        <translation>无法在 {host}:{port} 上监听（{reason}）</translation>
    </message>
    <message>
        <source>Invalid request: missing q parameter (the text to translate)</source>
        <translation>无效请求：缺少 q 参数（要翻译的文本）</translation>
    </message>
    <message>
        <source>q must be a text or a list of texts</source>
        <translation>q 必须是一段文本或文本列表</translation>
    </message>
    <message>
        <source>q has {n} texts; this server takes at most {most} at once (--max-items)</source>
        <translation>q 有 {n} 段文本；这个服务器一次最多接收 {most} 段（--max-items）</translation>
    </message>
    <message>
        <source>q has {n} characters; this server takes at most {most} at once (--max-chars): send the text in parts</source>
        <translation>q 有 {n} 个字符；这个服务器一次最多接收 {most} 个（--max-chars）：请分段发送</translation>
    </message>
    <message>
        <source>Invalid request: missing {name} parameter (a language code)</source>
        <translation>无效请求：缺少 {name} 参数（语言代码）</translation>
    </message>
    <message>
        <source>format {format} is not supported; send &quot;text&quot; or &quot;html&quot;</source>
        <translation>不支持格式 {format}；请发送 &quot;text&quot; 或 &quot;html&quot;</translation>
    </message>
    <message>
        <source>Suggestions are disabled on this server.</source>
        <translation>此服务器未开启更正建议。</translation>
    </message>
    <message>
        <source>a suggestion needs the language of q as &quot;source&quot;, not &quot;auto&quot;</source>
        <translation>更正需要在 &quot;source&quot; 中给出 q 的语言，而不是 &quot;auto&quot;</translation>
    </message>
    <message>
        <source>Invalid request: missing {name} parameter</source>
        <translation>无效请求：缺少 {name} 参数</translation>
    </message>
    <message>
        <source>{name} has {n} characters; this server takes at most {most} (--max-chars)</source>
        <translation>{name} 有 {n} 个字符；此服务器最多接受 {most} 个（--max-chars）</translation>
    </message>
    <message>
        <source>{n} sentence</source>
        <translation>{n} 个句子</translation>
    </message>
    <message>
        <source>{n} sentences</source>
        <translation>{n} 个句子</translation>
    </message>
    <message>
        <source>{sentences} longer than the model&apos;s {limit}-token limit: translated from the first {limit} tokens</source>
        <translation>{sentences}超过了模型 {limit} 个词元的上限：只翻译了前 {limit} 个词元</translation>
    </message>
    <message>
        <source>{sentences} with characters the model never saw in training: they were read as unknown</source>
        <translation>{sentences}含有模型训练时从未见过的字符：这些字符按未知字符读入</translation>
    </message>
    <message>
        <source>--{option} takes {low} or more, got {value}</source>
        <translation>--{option} 取 {low} 或更大，当前为 {value}</translation>
    </message>
    <message>
        <source>--max-beam takes 2 or more (1 beam is greedy), got {n}</source>
        <translation>--max-beam 取 2 或更大（1 束就是贪心），当前为 {n}</translation>
    </message>
    <message>
        <source>--max-beam takes at most {most} beams, got {n}</source>
        <translation>--max-beam 最多 {most} 束，当前为 {n}</translation>
    </message>
    <message>
        <source>--read-timeout takes 1 to {most} seconds, got {value}</source>
        <translation>--read-timeout 取 1 到 {most} 秒，收到的是 {value}</translation>
    </message>
    <message>
        <source>--max-alternatives takes at most {most} (each needs a beam besides the best, and a search has at most {beams}), got {n}</source>
        <translation>--max-alternatives 最多取 {most}（除最佳结果外每个候选都需要一束，而一次搜索最多 {beams} 束），当前为 {n}</translation>
    </message>
    <message>
        <source>--max-alternatives {n} needs --max-beam {beams} or more (the alternatives come from the beams)</source>
        <translation>--max-alternatives {n} 需要 --max-beam {beams} 或更大（候选来自各束）</translation>
    </message>
    <message>
        <source>the request did not arrive in time; send it whole</source>
        <translation>请求没有及时送达；请完整发送</translation>
    </message>
    <message>
        <source>the request body cannot be read ({reason})</source>
        <translation>无法读取请求体（{reason}）</translation>
    </message>
    <message>
        <source>the request body is over {n} bytes (--max-bytes); send less text at once</source>
        <translation>请求体超过 {n} 字节（--max-bytes）；请一次发送更少的文本</translation>
    </message>
    <message>
        <source>Content-Length {value} is not a number of bytes</source>
        <translation>Content-Length {value} 不是字节数</translation>
    </message>
    <message>
        <source>the request body ended before its Content-Length</source>
        <translation>请求体在达到其 Content-Length 之前就结束了</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; holds a lone surrogate ({char}) at character {at}, which is not text; send the text as UTF-8</source>
        <translation>&quot;{name}&quot; 在第 {at} 个字符处有一个孤立的代理码位（{char}），它不是文本；请以 UTF-8 发送文本</translation>
    </message>
    <message>
        <source>the JSON body nests arrays or objects over {most} deep; send an object of texts: {{&quot;q&quot;: &quot;...&quot;, &quot;source&quot;: &quot;zh&quot;, &quot;target&quot;: &quot;en&quot;}}</source>
        <translation>JSON 请求体中数组或对象的嵌套超过 {most} 层；请发送由文本组成的对象：{{&quot;q&quot;: &quot;...&quot;, &quot;source&quot;: &quot;zh&quot;, &quot;target&quot;: &quot;en&quot;}}</translation>
    </message>
    <message>
        <source>the body is not UTF-8 text; send JSON in UTF-8</source>
        <translation>请求体不是 UTF-8 文本；请用 UTF-8 发送 JSON</translation>
    </message>
    <message>
        <source>the body is not valid JSON ({reason} at line {line}, column {column})</source>
        <translation>请求体不是有效的 JSON（第 {line} 行第 {column} 列：{reason}）</translation>
    </message>
    <message>
        <source>the JSON body holds a number of over {limit} digits; send numbers of at most {most} digits</source>
        <translation type="vanished">JSON 请求体中有一个超过 {limit} 位的数字；请发送最多 {most} 位的数字</translation>
    </message>
    <message>
        <source>the JSON body must be an object: {{&quot;q&quot;: &quot;...&quot;, &quot;target&quot;: &quot;en&quot;}}</source>
        <translation>JSON 请求体必须是对象：{{&quot;q&quot;: &quot;...&quot;, &quot;target&quot;: &quot;en&quot;}}</translation>
    </message>
    <message>
        <source>the form cannot be read ({reason})</source>
        <translation>无法读取表单（{reason}）</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; must be a whole number, got {value}</source>
        <translation type="vanished">&quot;{name}&quot; 必须是整数，当前为 {value}</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; must be {low} or more, got {n}</source>
        <translation>&quot;{name}&quot; 必须是 {low} 或更大，当前为 {n}</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; is {n}; this server allows at most {high} ({option})</source>
        <translation>&quot;{name}&quot; 为 {n}；这个服务器最多允许 {high}（{option}）</translation>
    </message>
    <message>
        <source>give at least one translation run to serve</source>
        <translation>请至少给出一个要服务的翻译运行</translation>
    </message>
    <message>
        <source>{run} and {other} both translate {way}; serve one of them</source>
        <translation>{run} 和 {other} 都翻译 {way}；请只服务其中一个</translation>
    </message>
    <message>
        <source>no run here translates {source}-&gt;{target}; this server translates {pairs}</source>
        <translation>这里没有翻译 {source}-&gt;{target} 的运行；这个服务器翻译 {pairs}</translation>
    </message>
    <message>
        <source>{path}: a run of the {task} task, not translation; give the folder of a Tiny-Transformer translation run</source>
        <translation>{path}：是 {task} 任务的运行，不是翻译；请给出 Tiny-Transformer 翻译运行的文件夹</translation>
    </message>
    <message>
        <source>unknown field {name}; the fields are {fields}</source>
        <translation>未知字段 {name}；字段有 {fields}</translation>
    </message>
    <message>
        <source>the request needs a &quot;text&quot; field: {{&quot;text&quot;: &quot;我喜欢猫。&quot;}}</source>
        <translation>请求需要一个 &quot;text&quot; 字段：{{&quot;text&quot;: &quot;我喜欢猫。&quot;}}</translation>
    </message>
    <message>
        <source>&quot;text&quot; must be a string, got {type}</source>
        <translation>&quot;text&quot; 必须是字符串，当前是 {type}</translation>
    </message>
    <message>
        <source>&quot;text&quot; has {n} characters; this server takes at most {most} at once (--max-chars): send it in parts</source>
        <translation>&quot;text&quot; 有 {n} 个字符；这个服务器一次最多接收 {most} 个（--max-chars）：请分段发送</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; must be a language code, got {value}</source>
        <translation>&quot;{name}&quot; 必须是语言代码，当前为 {value}</translation>
    </message>
    <message>
        <source>this server translates {pairs}: say which with &quot;source&quot; and &quot;target&quot;</source>
        <translation>这个服务器翻译 {pairs}：请用 &quot;source&quot; 和 &quot;target&quot; 说明是哪一种</translation>
    </message>
    <message>
        <source>this server keeps no run folder to write suggestions to</source>
        <translation>此服务器没有可以写入更正的运行文件夹</translation>
    </message>
    <message>
        <source>cannot write {path} ({reason}); the suggestion was not kept</source>
        <translation>无法写入 {path}（{reason}）；这条更正没有保存</translation>
    </message>
    <message>
        <source>the run&apos;s {file} holds its most ({size} MB); train with it (task.suggestions), then move it away to take more</source>
        <translation>运行的 {file} 已达上限（{size} MB）；请先用它训练（task.suggestions），再把它移走以接收更多更正</translation>
    </message>
    <message>
        <source>&quot;beam&quot; must be 0 (greedy) or 2 beams or more, got {n}</source>
        <translation>&quot;beam&quot; 必须是 0（贪心）或 2 束及以上，当前为 {n}</translation>
    </message>
    <message>
        <source>{path}: the ONNX export could not be loaded ({reason}); export the run again</source>
        <translation>{path}：无法加载 ONNX 导出（{reason}）；请重新导出这次运行</translation>
    </message>
    <message>
        <source>task.name: must be one of {names}, got &quot;{name}&quot;</source>
        <translation>task.name：必须是 {names} 之一，当前为 &quot;{name}&quot;</translation>
    </message>
    <message>
        <source>task.operations: is empty; list at least one of &quot;+&quot;, &quot;-&quot;, &quot;*&quot;</source>
        <translation>task.operations：为空；请至少列出 &quot;+&quot;、&quot;-&quot;、&quot;*&quot; 中的一个</translation>
    </message>
    <message>
        <source>task.operations: {value} is not an operation; use &quot;+&quot;, &quot;-&quot; or &quot;*&quot;</source>
        <translation>task.operations：{value} 不是运算；请用 &quot;+&quot;、&quot;-&quot; 或 &quot;*&quot;</translation>
    </message>
    <message>
        <source>task.operations: lists an operation twice; list each once</source>
        <translation>task.operations：某个运算列了两次；每个只列一次</translation>
    </message>
    <message>
        <source>{task}; {held_out}</source>
        <translation>{task}；{held_out}</translation>
    </message>
    <message>
        <source>split must be &apos;valid&apos; or &apos;test&apos;, got {split}</source>
        <translation>split 必须是 &apos;valid&apos; 或 &apos;test&apos;，当前为 {split}</translation>
    </message>
    <message>
        <source>the {split} split is empty; set data.{split}_fraction above 0 to evaluate it</source>
        <translation>{split}集为空；要评估它，请把 data.{split}_fraction 设为大于 0</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>model.arch: the {task} task trains {archs}, not {arch}; pick a matching preset</source>
        <translation>model.arch：{task} 任务训练的是 {archs}，不是 {arch}；请选择相匹配的预设</translation>
    </message>
    <message>
        <source>the {task} task&apos;s warm-up has no token logits to compare with a teacher&apos;s; clear distill.teacher (arithmetic, strings and translation can learn from a teacher)</source>
        <translation>{task} 任务的预热没有可与教师比较的词元 logits；请清空 distill.teacher（arithmetic、strings 和 translation 可以向教师学习）</translation>
    </message>
    <message>
        <source>the {task} task cannot have a teacher write its examples</source>
        <translation>{task} 任务不能让教师来写它的样本</translation>
    </message>
    <message>
        <source>{task}: has no pool of training examples with references</source>
        <translation>{task}：没有带参考答案的训练样本池</translation>
    </message>
    <message>
        <source>{task}: has no references to score examples by</source>
        <translation>{task}：没有可用来给样本打分的参考答案</translation>
    </message>
    <message>
        <source>eval.decoding: {decoding} is not available for {task}; it decodes with {decodings} (set eval.decoding: {first})</source>
        <translation>eval.decoding：{task} 不能用 {decoding}；它用 {decodings} 解码（请设置 eval.decoding: {first}）</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s alphabet is empty; give it at least one character</source>
        <translation>分词器的字母表为空；请至少给它一个字符</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s alphabet repeats {chars}; list each character once</source>
        <translation>分词器的字母表重复了 {chars}；每个字符只列一次</translation>
    </message>
    <message>
        <source>character {char} in {text} is not in the vocabulary {chars}; remove it from the input or add it to the alphabet</source>
        <translation>{text} 中的字符 {char} 不在词表 {chars} 中；请从输入中去掉它，或把它加入字母表</translation>
    </message>
    <message>
        <source>a saved tokenizer must be a mapping with &apos;chars&apos;; the checkpoint is damaged or from another task</source>
        <translation>保存的分词器必须是带有 &apos;chars&apos; 的映射；检查点已损坏或来自别的任务</translation>
    </message>
    <message>
        <source>task.min_size: must be at most task.size ({size}), got {value}</source>
        <translation>task.min_size：不能超过 task.size（{size}），当前为 {value}</translation>
    </message>
    <message>
        <source>task.{name}: must be below task.levels ({levels}) or that hazard never appears, got {value}</source>
        <translation>task.{name}：必须小于 task.levels（{levels}），否则这种危险永远不会出现，当前为 {value}</translation>
    </message>
    <message>
        <source>model.arch: the gridworld task trains lite-resnet, got {arch}</source>
        <translation>model.arch：gridworld 任务训练的是 lite-resnet，当前为 {arch}</translation>
    </message>
    <message>
        <source>model.image_size: the grid world renders {cells} cells x {pixels} px = {side} px, got {value}; set it to {side} or 0 (automatic)</source>
        <translation>model.image_size：网格世界渲染 {cells} 个格子 x {pixels} 像素 = {side} 像素，当前为 {value}；请设为 {side} 或 0（自动）</translation>
    </message>
    <message>
        <source>held-out grids of a split</source>
        <translation>一个划分中留出的网格</translation>
    </message>
    <message>
        <source>task.user_reward ({user}) and the function check ({named}) name different functions; keep one</source>
        <translation>task.user_reward（{user}）和函数检查（{named}）指向不同的函数；只保留一个</translation>
    </message>
    <message>
        <source>the built-in demo</source>
        <translation>内置示例</translation>
    </message>
    <message>
        <source>{path}: holds 1 usable prompt; a run needs at least {least}, one to train on, one to validate each stage on and one to test; add lines to the file</source>
        <translation>{path}：只有 1 条可用的提示；一次运行至少需要 {least} 条：一条用于训练，一条用于验证每个阶段，一条用于测试；请向文件中添加行</translation>
    </message>
    <message>
        <source>{path}: holds {n} usable prompts; a run needs at least {least}, one to train on, one to validate each stage on and one to test; add lines to the file</source>
        <translation>{path}：只有 {n} 条可用的提示；一次运行至少需要 {least} 条：一条用于训练，一条用于验证每个阶段，一条用于测试；请向文件中添加行</translation>
    </message>
    <message>
        <source>data.valid_fraction: 0 leaves no prompt to evaluate each stage on; give it a share above 0 (e.g. 0.05)</source>
        <translation>data.valid_fraction：0 使得没有提示可用于评估每个阶段；请给出大于 0 的比例（例如 0.05）</translation>
    </message>
    <message>
        <source>Built-in demo (dates into ISO form)</source>
        <translation>内置演示（把日期写成 ISO 格式）</translation>
    </message>
    <message>
        <source>task.rewards: {check} compares with an answer, but {path} has prompts alone; use checks that need none ({kinds}) or give answers</source>
        <translation>task.rewards：{check} 要与答案比较，但 {path} 只有提示；请使用不需要答案的检查（{kinds}），或给出答案</translation>
    </message>
    <message>
        <source>{path}: no prompt left to train on; give more</source>
        <translation>{path}：没有剩下可用于训练的提示；请多给一些</translation>
    </message>
    <message>
        <source>data.{name}_fraction {share}: {k} prompts, 5%, between 100 and 1,000</source>
        <translation>data.{name}_fraction {share}：{k} 个提示，5%，介于 100 到 1,000 之间</translation>
    </message>
    <message>
        <source>tokens: the model&apos;s own tokenizer ({size} tokens); prompts end with {end} (the playground adds it to a prompt)</source>
        <translation>词元：模型自己的分词器（{size} 个词元）；提示以 {end} 结尾（试验场会给提示加上它）</translation>
    </message>
    <message>
        <source>task.fit_to_data is off</source>
        <translation>task.fit_to_data 已关闭</translation>
    </message>
    <message>
        <source>the fit would choose {kind}: {why}</source>
        <translation>适配会选择 {kind}：{why}</translation>
    </message>
    <message>
        <source>as you set it</source>
        <translation>按你的设置</translation>
    </message>
    <message>
        <source>as you set it, on prompts and answers alike; the fit: {why}</source>
        <translation>按你的设置，提示和答案都用 BPE；拟合的选择：{why}</translation>
    </message>
    <message>
        <source>as you set it, and as the fit would choose: {why}</source>
        <translation>按你的设置，也正是适配会选择的：{why}</translation>
    </message>
    <message>
        <source>prompts end with {end} (the playground adds it to a prompt)</source>
        <translation>提示以 {end} 结尾（试验场会给提示加上它）</translation>
    </message>
    <message>
        <source>BPE, {n} pieces learned on the training split</source>
        <translation>BPE，在训练集上学到的 {n} 个片段</translation>
    </message>
    <message>
        <source>one token per character, the {n} characters the data uses</source>
        <translation>每个字符一个词元，即数据用到的 {n} 个字符</translation>
    </message>
    <message>
        <source>task.tokenizer {kind}: {what}; {why}; {end}</source>
        <translation>task.tokenizer {kind}：{what}；{why}；{end}</translation>
    </message>
    <message>
        <source>stages.warmup.steps 0: no answers to learn from before GRPO</source>
        <translation>stages.warmup.steps 0：GRPO 之前没有可学习的答案</translation>
    </message>
    <message>
        <source>eval.size {n}: the valid split, at most {most}</source>
        <translation>eval.size {n}：验证集，最多 {most}</translation>
    </message>
    <message>
        <source>stages.warmup.steps {n}: {passes} passes over the training prompts ({epochs}, kept between {low} and {high} steps); the preset&apos;s stop_at can end it sooner</source>
        <translation>stages.warmup.steps {n}：遍历训练提示 {passes} 遍（{epochs}，限定在 {low} 到 {high} 步之间）；预设的 stop_at 可能让它更早结束</translation>
    </message>
    <message>
        <source>stages.warmup.fills_budget on: the warm-up gets the time GRPO&apos;s steps leave of the budget; stages.warmup.steps {n} ({passes} passes) is only its cap</source>
        <translation>stages.warmup.fills_budget 开启：预热获得 GRPO 步骤用剩的预算时间；stages.warmup.steps {n}（{passes} 遍）只是它的上限</translation>
    </message>
    <message>
        <source>stages.warmup.stop_at off: the demo&apos;s target would end a warm-up on your file while it still learns</source>
        <translation>stages.warmup.stop_at 关闭：示例的目标值会在你的文件上的预热仍在学习时就结束它</translation>
    </message>
    <message>
        <source>stages.warmup.patience {n}: the warm-up ends sooner after {n} evaluations ({steps} steps) without {gain} more exact answers</source>
        <translation type="vanished">stages.warmup.patience {n}：连续 {n} 次评估（{steps} 步）完全正确的答案没有多出 {gain} 时，预热提前结束</translation>
    </message>
    <message>
        <source>eval.every {n}: a long warm-up needs fewer evaluations of up to {most} prompts</source>
        <translation>eval.every {n}：较长的预热只需较少次数的评估（每次最多 {most} 条提示）</translation>
    </message>
    <message>
        <source>the longest answer, {n} characters, and its end</source>
        <translation>最长的答案 {n} 个字符，加上它的结尾</translation>
    </message>
    <message>
        <source>the longest answer, {n} BPE pieces, and its end</source>
        <translation>最长的答案 {n} 个 BPE 片段，加上它的结尾</translation>
    </message>
    <message>
        <source>the length check&apos;s most, and the end</source>
        <translation>长度检查的上限，加上结尾</translation>
    </message>
    <message>
        <source>room for a sentence</source>
        <translation>一个句子的空间</translation>
    </message>
    <message>
        <source>grpo.max_new_tokens {n}: {why}</source>
        <translation>grpo.max_new_tokens {n}：{why}</translation>
    </message>
    <message>
        <source>model.max_len {n}: the longest prompt ({prompt} tokens) and the answer&apos;s room</source>
        <translation>model.max_len {n}：最长的提示（{prompt} 个词元）加上答案的空间</translation>
    </message>
    <message>
        <source>stages.warmup.steps: the file has no answers to warm up on; set it to 0</source>
        <translation>stages.warmup.steps：文件中没有可用于预热的答案；请设为 0</translation>
    </message>
    <message>
        <source>model.max_len: {max_len} cannot hold the longest prompt ({prompt} tokens) and grpo.max_new_tokens {n}; raise it to {need} or keep task.fit_to_data on</source>
        <translation>model.max_len：{max_len} 容纳不下最长的提示（{prompt} 个词元）和 grpo.max_new_tokens {n}；请提高到 {need}，或保持 task.fit_to_data 开启</translation>
    </message>
    <message>
        <source>{task}: the {split} split is empty; raise data.{name}_fraction</source>
        <translation type="vanished">{task}：{split}集为空；请提高 data.{name}_fraction</translation>
    </message>
    <message>
        <source>a small file ({n} training prompts, {size} characters; BPE needs {items} and {chars} to learn its pieces)</source>
        <translation>文件较小（{n} 个训练提示，{size} 个字符；BPE 需要 {items} 个提示和 {chars} 个字符才能学出片段）</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>prompts</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>{share} of the {what}&apos; letters are Han or Kana, a word-like unit each</source>
        <translation>{what}中 {share} 的字母是汉字或假名，每个都相当于一个词</translation>
    </message>
    <message>
        <source>BPE pieces do not give back every {what} exactly (e.g. {text})</source>
        <translation>BPE 片段不能把每个{what}原样还原（例如 {text}）</translation>
    </message>
    <message>
        <source>BPE would shorten the {what} only {saving} times (it pays from {least})</source>
        <translation>BPE 只能把{what}缩短 {saving} 倍（从 {least} 倍起才划算）</translation>
    </message>
    <message>
        <source>{n} training prompts of longer text ({what} of {words} words, {saving} characters a piece)</source>
        <translation>{n} 个较长文本的训练提示（{what}有 {words} 个词，每个片段 {saving} 个字符）</translation>
    </message>
    <message>
        <source>BPE for the {what}: {why}; the {other} letter by letter: {short}</source>
        <translation>{what}用 BPE：{why}；{other}逐字母读写：{short}</translation>
    </message>
    <message>
        <source>short prompts (a median of {words} word; BPE from {least}): as one or two BPE pieces a word hides the letters its answer depends on, so the model reads them letter by letter</source>
        <translation>提示很短（中位数 {words} 个词；BPE 从 {least} 个起）：一个词若成为一两个 BPE 片段，会隐藏其答案所依赖的字母，因此模型逐个字母读取它们</translation>
    </message>
    <message>
        <source>short prompts (a median of {words} words; BPE from {least}): as one or two BPE pieces a word hides the letters its answer depends on, so the model reads them letter by letter</source>
        <translation>提示很短（中位数 {words} 个词；BPE 从 {least} 个起）：一个词若成为一两个 BPE 片段，会隐藏其答案所依赖的字母，因此模型逐个字母读取它们</translation>
    </message>
    <message>
        <source>short {what} (a median of {words} word; BPE from {least}): the model spells them letter by letter</source>
        <translation>{what}较短（中位数 {words} 个词；BPE 从 {least} 个起）：模型逐个字母地拼写它们</translation>
    </message>
    <message>
        <source>short {what} (a median of {words} words; BPE from {least}): the model spells them letter by letter</source>
        <translation>{what}较短（中位数 {words} 个词；BPE 从 {least} 个起）：模型逐个字母地拼写它们</translation>
    </message>
    <message>
        <source>a text task&apos;s BPE tokenizer is BPE pieces without tags</source>
        <translation>文本任务的 BPE 分词器是不带标记的 BPE 片段</translation>
    </message>
    <message>
        <source>the saved tokenizer: spelled {value} is not one of {kinds}</source>
        <translation>保存的分词器：spelled {value} 不是 {kinds} 之一</translation>
    </message>
    <message>
        <source>the saved tokenizer: {problem}</source>
        <translation>保存的分词器：{problem}</translation>
    </message>
    <message>
        <source>completion {n} of {total} timed out ({before} scored before it, {left} left unscored)</source>
        <translation>{total} 个补全中的第 {n} 个超时（之前已打分 {before} 个，剩 {left} 个未打分）</translation>
    </message>
    <message>
        <source>it timed out</source>
        <translation>它超时了</translation>
    </message>
    <message>
        <source>task.rewards: check {name} ({kind}): the pattern {pattern} took over {seconds} s on a completion of {n} characters ({text}); {counted}. It backtracks without end on such text: rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+</source>
        <translation>task.rewards：检查 {name}（{kind}）：模式 {pattern} 在一个 {n} 个字符的补全（{text}）上耗时超过 {seconds} 秒；{counted}。它在这样的文本上会无休止地回溯：请改写嵌套或重叠的重复，例如把 (a+)+ 或 (a|aa)+ 改为 a+</translation>
    </message>
    <message>
        <source>must be {what}, got {value}; {fix}</source>
        <translation>必须是{what}，当前为 {value}；{fix}</translation>
    </message>
    <message>
        <source>must be {what}, got {value}</source>
        <translation>必须是{what}，当前为 {value}</translation>
    </message>
    <message>
        <source>give a number from {low} to {high} (the default is {default})</source>
        <translation>请给一个 {low} 到 {high} 之间的数（默认是 {default}）</translation>
    </message>
    <message>
        <source>give a number from {low} to {high}</source>
        <translation>请给一个 {low} 到 {high} 之间的数</translation>
    </message>
    <message>
        <source>at most {high}</source>
        <translation>不超过 {high}</translation>
    </message>
    <message>
        <source>a number of at least {low}</source>
        <translation>不小于 {low} 的数</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a list of texts</source>
        <translation>文本列表</translation>
    </message>
    <message>
        <source>a non-empty text</source>
        <translation>非空文本</translation>
    </message>
    <message>
        <source>{where}: options must be a mapping like {{ignore_case: true}}</source>
        <translation>{where}：options 必须是映射，例如 {{ignore_case: true}}</translation>
    </message>
    <message>
        <source>{where}: unknown option {name}; {kind} takes {takes}</source>
        <translation>{where}：未知选项 {name}；{kind} 接受 {takes}</translation>
    </message>
    <message>
        <source>{where}: needs option {name} ({type})</source>
        <translation>{where}：需要选项 {name}（{type}）</translation>
    </message>
    <message>
        <source>{where}: option {name} {problem}</source>
        <translation>{where}：选项 {name} {problem}</translation>
    </message>
    <message>
        <source>{where}: must be a mapping like {{kind: exact, weight: 1.0}}, got {value}</source>
        <translation>{where}：必须是映射，例如 {{kind: exact, weight: 1.0}}，当前为 {value}</translation>
    </message>
    <message>
        <source>{where}: unknown key {key}; a check has kind, weight, options and name</source>
        <translation>{where}：未知的键 {key}；检查有 kind、weight、options 和 name</translation>
    </message>
    <message>
        <source>{where}: kind must be one of {kinds}, got {value}</source>
        <translation>{where}：kind 必须是 {kinds} 之一，当前为 {value}</translation>
    </message>
    <message>
        <source>{where}: weight must be a number, got {value}</source>
        <translation>{where}：weight 必须是数字，当前为 {value}</translation>
    </message>
    <message>
        <source>{where}: weight {value} is past the most a weight may be, {most} either way; rewards are compared within each group, so only the weights&apos; ratios count: give e.g. 1 and 0.5</source>
        <translation>{where}：权重 {value} 超出了权重的上限（正负各 {most}）；奖励在每组内相互比较，只有权重之间的比例有意义：例如给 1 和 0.5</translation>
    </message>
    <message>
        <source>{where}: no weight is above 0 and {names} is below, so the run would learn to fail that check; give the check you want passed a positive weight (a negative weight is a penalty beside a positive one)</source>
        <translation>{where}：没有大于 0 的权重，而 {names} 小于 0，运行会学着不通过该检查；请给希望通过的检查一个正权重（负权重只有与正权重并用时才是惩罚）</translation>
    </message>
    <message>
        <source>{where}: name must be lower-case letters, digits and _ (it names the reward part in the charts), got {value}</source>
        <translation>{where}：name 只能由小写字母、数字和 _ 组成（它是图表中奖励部分的名字），当前为 {value}</translation>
    </message>
    <message>
        <source>task.rewards: must be a list of at least one check, e.g. [{{kind: exact, weight: 1.0}}]</source>
        <translation>task.rewards：必须是至少含一个检查的列表，例如 [{{kind: exact, weight: 1.0}}]</translation>
    </message>
    <message>
        <source>task.rewards: {n} checks, more than the {most} a reward may have (each is charted and recorded at every step); keep the {most} that matter, or score the rest in one function check</source>
        <translation>task.rewards：{n} 个检查，超过了一个奖励最多可有的 {most} 个（每个检查在每一步都会绘图并记录）；请保留最重要的 {most} 个，或把其余的放进一个函数检查中打分</translation>
    </message>
    <message>
        <source>task.rewards: name one function of your own at most, got {functions}</source>
        <translation>task.rewards：最多只能指定一个你自己的函数，当前为 {functions}</translation>
    </message>
    <message>
        <source>task.rewards: every weight is 0, so every completion scores the same; give one check a weight above 0</source>
        <translation>task.rewards：每个权重都是 0，所有补全得分都一样；请给某个检查一个大于 0 的权重</translation>
    </message>
    <message>
        <source>option max {high} is below min {low}</source>
        <translation>选项 max {high} 小于 min {low}</translation>
    </message>
    <message>
        <source>the pattern timed out on a text of {n} characters</source>
        <translation>模式在一段 {n} 个字符的文本上超时</translation>
    </message>
    <message>
        <source>is {n} characters long, more than a check&apos;s pattern needs (at most {most}); shorten it, or list the answers in a one_of check</source>
        <translation>长 {n} 个字符，超过检查的模式所需（最多 {most}）；请缩短它，或在 one_of 检查中列出答案</translation>
    </message>
    <message>
        <source>{pattern} repeats its parts {size} times once its counts are written out (counts nested in counts multiply: (a{{1000}}){{1000}} is a million), more than the {most} a pattern may; it was not compiled. Lower the counts, or write + or * for a run of any length</source>
        <translation>{pattern} 的计数展开后其部分重复 {size} 次（嵌套的计数相乘：(a{{1000}}){{1000}} 就是一百万），超过了模式允许的 {most}；它未被编译。请减小计数，或用 + 或 * 表示任意长度的重复</translation>
    </message>
    <message>
        <source>more than a trillion</source>
        <translation>超过一万亿</translation>
    </message>
    <message>
        <source>is not a valid regular expression ({reason}); fix the pattern (a literal ( [ . * + ? needs a backslash before it)</source>
        <translation>不是有效的正则表达式（{reason}）；请修正模式（字面的 ( [ . * + ? 前面要加反斜杠）</translation>
    </message>
    <message>
        <source>{pattern} takes over {seconds} s on a text of {n} characters ({text}…): it backtracks without end; rewrite nested or overlapping repeats, e.g. (a+)+ or (a|aa)+ as a+</source>
        <translation>{pattern} 在一段 {n} 个字符的文本（{text}…）上耗时超过 {seconds} 秒：它会无休止地回溯；请改写嵌套或重叠的重复，例如把 (a+)+ 或 (a|aa)+ 改为 a+</translation>
    </message>
    <message>
        <source>files</source>
        <translation>个文件</translation>
    </message>
    <message>
        <source>model.arch: the shapes task trains lite-resnet, got {arch}</source>
        <translation>model.arch：shapes 任务训练的是 lite-resnet，当前为 {arch}</translation>
    </message>
    <message>
        <source>model.image_size: images are resized to task.image_size = {size}, got {value}; set it to {size} or 0</source>
        <translation>model.image_size：图像会缩放到 task.image_size = {size}，当前为 {value}；请设为 {size} 或 0</translation>
    </message>
    <message>
        <source>data.{name}_fraction: the {split} split is empty; raise the fraction or add images</source>
        <translation type="vanished">data.{name}_fraction：{split}集为空；请提高比例或添加图像</translation>
    </message>
    <message>
        <source>the run was trained on classes {names}, but the data now has {classes}; use the same data folder to resume</source>
        <translation>运行是用类别 {names} 训练的，但现在的数据是 {classes}；请用同一个数据文件夹继续</translation>
    </message>
    <message>
        <source>task.alphabet: is empty; give at least one character</source>
        <translation>task.alphabet：为空；请至少给一个字符</translation>
    </message>
    <message>
        <source>task.alphabet: must not contain {separator}, which ends the prompt; remove it</source>
        <translation>task.alphabet：不能包含 {separator}，它是提示的结尾；请去掉它</translation>
    </message>
    <message>
        <source>task.alphabet: repeats a character; list each once</source>
        <translation>task.alphabet：有重复的字符；每个只列一次</translation>
    </message>
    <message>
        <source>task.max_length: {high} is below task.min_length {low}; raise it or lower min_length</source>
        <translation>task.max_length：{high} 小于 task.min_length {low}；请提高它或降低 min_length</translation>
    </message>
    <message>
        <source>{task}: nearly every problem up to level {level} is held out for evaluation; lower data.valid_fraction and data.test_fraction or allow harder problems</source>
        <translation>{task}：第 {level} 级及以下的题几乎都被留作评估；请降低 data.valid_fraction 和 data.test_fraction，或允许更难的题</translation>
    </message>
    <message>
        <source>model.max_len: {max_len} is too short for task {task}: prompts take up to {prompt} tokens and answers up to {answer} (EOS included); raise model.max_len to at least {need} or choose smaller problems</source>
        <translation>model.max_len：{max_len} 对任务 {task} 来说太短：提示最多占 {prompt} 个词元，答案最多占 {answer} 个（含 EOS）；请把 model.max_len 提高到至少 {need}，或选择更小的题</translation>
    </message>
    <message>
        <source>grpo.max_new_tokens: {n} does not fit: {task} prompts take up to {prompt} tokens of model.max_len {max_len}, leaving {room}; lower grpo.max_new_tokens to at most {room} (answers need {answer}) or raise model.max_len to {need}</source>
        <translation>grpo.max_new_tokens：{n} 放不下：{task} 的提示最多占 model.max_len {max_len} 中的 {prompt} 个词元，只剩 {room} 个；请把 grpo.max_new_tokens 降到最多 {room}（答案需要 {answer} 个），或把 model.max_len 提高到 {need}</translation>
    </message>
    <message>
        <source>{task}: the saved vocabulary lacks {chars}, which this task&apos;s problems use; resume with the task settings the run was started with</source>
        <translation>{task}：保存的词表缺少 {chars}，而这个任务的题目会用到；请用运行开始时的任务设置继续</translation>
    </message>
    <message>
        <source>back-translated {n} sentences; the reverse model trained {steps} steps</source>
        <translation>已回译 {n} 个句子；反向模型训练了 {steps} 步</translation>
    </message>
    <message>
        <source>back-translated {n} sentences; the reverse model trained {steps} steps, valid chrF {chrf} at step {step}</source>
        <translation>已回译 {n} 个句子；反向模型训练了 {steps} 步，第 {step} 步时验证 chrF 为 {chrf}</translation>
    </message>
    <message>
        <source>{path}: no such file; task.monolingual_path names a text file of target-language sentences, one per line</source>
        <translation type="vanished">{path}：没有这个文件；task.monolingual_path 应指向目标语言句子的文本文件，每行一句</translation>
    </message>
    <message>
        <source>{path}: holds no usable sentence; give one target-language sentence a line</source>
        <translation type="vanished">{path}：没有可用的句子；请每行给一个目标语言句子</translation>
    </message>
    <message>
        <source>back-translation needs the model built first (build_model)</source>
        <translation>回译需要先构建模型（build_model）</translation>
    </message>
    <message>
        <source>too long</source>
        <translation type="vanished">过长</translation>
    </message>
    <message>
        <source>undecodable</source>
        <translation type="vanished">无法解码</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation type="vanished">重复</translation>
    </message>
    <message>
        <source>back-translation: {n} target sentences from {path}</source>
        <translation type="vanished">回译：来自 {path} 的 {n} 个目标语言句子</translation>
    </message>
    <message>
        <source>skipped {n} {reason}</source>
        <translation type="vanished">跳过 {n} 个{reason}</translation>
    </message>
    <message>
        <source>when the warm-up starts a reverse model trains until its valid chrF stops rising (at most {steps} steps) and translates them ({decoding}); the synthetic sources are tagged {tag}, at most {share} of each warm-up batch, each weighing {weight} of a real pair in the loss</source>
        <translation>预热开始时，一个反向模型会一直训练到验证 chrF 不再上升（最多 {steps} 步），然后翻译这些句子（{decoding}）；合成的源句带有标记 {tag}，最多占每个预热批次的 {share}，每个在损失中的权重是真实句对的 {weight}</translation>
    </message>
    <message>
        <source>when the warm-up starts a reverse model trains until its valid chrF stops rising (at most {steps} steps) and translates them ({decoding}); the synthetic sources are tagged {tag}, at most {share} of each warm-up batch</source>
        <translation>预热开始时，一个反向模型会一直训练到验证 chrF 不再上升（最多 {steps} 步），然后翻译这些句子（{decoding}）；合成的源句带有标记 {tag}，最多占每个预热批次的 {share}</translation>
    </message>
    <message>
        <source>source_lang and target_lang are both {value}; pick two languages</source>
        <translation>source_lang 和 target_lang 都是 {value}；请选两种语言</translation>
    </message>
    <message>
        <source>task.back_translation needs task.monolingual_path: a file of target-language sentences, one per line</source>
        <translation type="vanished">task.back_translation 需要 task.monolingual_path：一个目标语言句子的文件，每行一句</translation>
    </message>
    <message>
        <source>shared_tokenizer needs source_tokenizer and target_tokenizer of the same kind, got {source} and {target}</source>
        <translation>shared_tokenizer 需要 source_tokenizer 和 target_tokenizer 是同一种，当前为 {source} 和 {target}</translation>
    </message>
    <message>
        <source>the built-in demo corpus holds zh and en, not {source}-&gt;{target}; set task.source_lang/target_lang to zh and en (either way round) or give your own pairs in data.path</source>
        <translation>内置演示语料是 zh 和 en，不是 {source}-&gt;{target}；请把 task.source_lang/target_lang 设为 zh 和 en（方向不限），或在 data.path 中给出你自己的句对</translation>
    </message>
    <message>
        <source>Built-in demo corpus</source>
        <translation>内置演示语料</translation>
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
        <source>model.dropout {n}: with {k} training pairs dropout slows the warm-up more than it helps within the time budget; weight decay holds back learning the pairs by heart instead, at no cost in time</source>
        <translation>model.dropout {n}：有 {k} 个训练句对时，在时间预算内 dropout 拖慢预热的代价大于它的帮助；改用权重衰减来抑制死记硬背句对，不额外耗时</translation>
    </message>
    <message>
        <source>training.weight_decay {n}: every step draws the weights a little towards zero; the warm-up learns fewer of the pairs by heart and translates new sentences better</source>
        <translation>training.weight_decay {n}：每一步都把权重向零拉近一点；预热死记硬背的句对更少，翻译新句子更好</translation>
    </message>
    <message>
        <source>stages.grpo.lr {n}: smaller steps than the preset&apos;s; on real text GRPO&apos;s larger ones lose more of what the warm-up learned than its reward wins</source>
        <translation>stages.grpo.lr {n}：比预设更小的步长；在真实文本上，GRPO 用较大的步长时，丢掉的预热所学多于它的奖励换来的</translation>
    </message>
    <message>
        <source>grpo.unsure_temperature {n}: GRPO samples at {t} if the policy at its start is unsure of its words; sampled at 1, an unsure policy&apos;s translations carry stray words</source>
        <translation>grpo.unsure_temperature {n}：如果策略在 GRPO 开始时对所选词没把握，GRPO 就以 {t} 采样；以 1 采样时，没把握的策略的译文会夹带不相干的词</translation>
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
        <source>stages.warmup.fills_budget on: the warm-up gets the time GRPO leaves of the budget, its learning rate decaying to that end; stages.warmup.steps {n} ({passes} passes) is only its cap. When its patience runs out with the rate still high, the rate decays over one more patience first</source>
        <translation>stages.warmup.fills_budget 开启：预热阶段使用 GRPO 留下的全部预算时间，学习率一路衰减到那个终点；stages.warmup.steps {n}（{passes} 遍）只是上限。耐心用尽而学习率仍高时，先在再一个耐心的步数内把学习率衰减下来</translation>
    </message>
    <message>
        <source>stages.grpo.budget_share {n}: GRPO takes at most {share} of the budget; on real text a minute of warm-up gains more than a minute of GRPO</source>
        <translation>stages.grpo.budget_share {n}：GRPO 最多占用预算的 {share}；在真实文本上，一分钟的预热比一分钟的 GRPO 提升更多</translation>
    </message>
    <message>
        <source>kept {n_source} in {source} and {n_target} in {target} ({how})</source>
        <translation>保留 {source} {n_source} 句、{target} {n_target} 句（{how}）</translation>
    </message>
    <message>
        <source>{n} lines read</source>
        <translation>读取 {n} 行</translation>
    </message>
    <message>
        <source>dropped {drops}</source>
        <translation>丢弃 {drops}</translation>
    </message>
    <message>
        <source>one-language text {path}: {parts}</source>
        <translation>单语文本 {path}：{parts}</translation>
    </message>
    <message>
        <source>line {numbers}</source>
        <translation>第 {numbers} 行</translation>
    </message>
    <message>
        <source>{n} empty ({where})</source>
        <translation>{n} 行空行（{where}）</translation>
    </message>
    <message>
        <source>{n} undecodable ({where})</source>
        <translation>{n} 行无法解码（{where}）</translation>
    </message>
    <message>
        <source>{n} duplicate ({where})</source>
        <translation>{n} 行重复（{where}）</translation>
    </message>
    <message>
        <source>{n} duplicates ({where})</source>
        <translation>{n} 行重复（{where}）</translation>
    </message>
    <message>
        <source>{n} in neither language of the pair ({where})</source>
        <translation>{n} 行不属于这对语言中的任何一种（{where}）</translation>
    </message>
    <message>
        <source>{n} too long for data.max_length ({where})</source>
        <translation>{n} 行超过 data.max_length（{where}）</translation>
    </message>
    <message>
        <source>{path}: holds no sentence ({n} lines, none with text); give one sentence a line, in {source} or {target}, or clear task.text_path</source>
        <translation>{path}：没有任何句子（{n} 行，都没有文字）；请每行给一句 {source} 或 {target} 句子，或清空 task.text_path</translation>
    </message>
    <message>
        <source>{path}: no such file; task.text_path names a text file of sentences, one a line</source>
        <translation>{path}：没有这个文件；task.text_path 应指向一个句子文本文件，每行一句</translation>
    </message>
    <message>
        <source>{path}: {n} of its {total} lines hold tab-separated columns, as a pair file does; give a pair file as data.path, and task.text_path a file of sentences alone, one a line</source>
        <translation>{path}：{total} 行中有 {n} 行含有制表符分隔的列，这是句对文件的样子；请把句对文件设为 data.path，给 task.text_path 一个只有句子的文件，每行一句</translation>
    </message>
    <message>
        <source>{path}: every sentence is longer than data.max_length tokens; raise data.max_length (and model.max_len), or give shorter sentences</source>
        <translation>{path}：每个句子都超过 data.max_length 个词元；请调高 data.max_length（以及 model.max_len），或使用更短的句子</translation>
    </message>
    <message>
        <source>{path}: none of its lines is in {source} or {target} (e.g. {sample}, {script} script); give sentences in one of the pair&apos;s languages, or set task.source_lang and task.target_lang to the languages of your text</source>
        <translation>{path}：没有一行是 {source} 或 {target}（例如 {sample}，{script} 文字）；请给出这对语言之一的句子，或把 task.source_lang 和 task.target_lang 设为你的文本的语言</translation>
    </message>
    <message>
        <source>by language identification, line by line</source>
        <translation>逐行按语言识别</translation>
    </message>
    <message>
        <source>task.monolingual_path is the former name of task.text_path: read as task.text_path (a config saved from now on writes the new name)</source>
        <translation>task.monolingual_path 是 task.text_path 的旧名称：已按 task.text_path 读取（今后保存的配置会写新名称）</translation>
    </message>
    <message>
        <source>task.back_translation: {path} holds no {target} sentence to back-translate; give sentences in {target}, or turn task.back_translation off</source>
        <translation>task.back_translation：{path} 中没有可回译的 {target} 句子；请给出 {target} 句子，或关闭 task.back_translation</translation>
    </message>
    <message>
        <source>the {n} {target} sentences are not used: task.back_translation is off; turn it on to back-translate them into pairs for the warm-up</source>
        <translation>这 {n} 句 {target} 句子未被使用：task.back_translation 已关闭；开启它即可把这些句子回译成句对用于预热</translation>
    </message>
    <message>
        <source>the {n} {source} sentences are not used in this version: GRPO prompts scored by the round trip (translated and translated back) are not built yet</source>
        <translation type="vanished">这 {n} 句 {source} 句子在此版本中未被使用：以往返翻译（译出再译回）打分的 GRPO 提示尚未实现</translation>
    </message>
    <message>
        <source>tokens: the model&apos;s own tokenizers ({name}: {source} source and {target} target tokens), not fitted to this data; task.vocab_size and the tokenizer settings are not used</source>
        <translation>词元：使用模型自带的分词器（{name}：源语言 {source} 个、目标语言 {target} 个词元），不按这份数据拟合；不使用 task.vocab_size 和分词器设置</translation>
    </message>
    <message>
        <source>task.source_lang and task.target_lang: {name} translates {model}, not {task}; set task.source_lang: {source} and task.target_lang: {target} and give pairs in those languages, or choose a translator from {task_source} to {task_target}</source>
        <translation>task.source_lang 和 task.target_lang：{name} 翻译 {model}，而不是 {task}；请设置 task.source_lang: {source} 和 task.target_lang: {target} 并提供这两种语言的句对，或选择一个从 {task_source} 到 {task_target} 的翻译模型</translation>
    </message>
    <message>
        <source>{name} translates {pair}: {problem}</source>
        <translation>{name} 翻译 {pair}：{problem}</translation>
    </message>
    <message>
        <source>task.round_trip_share: {path} holds no {source} sentence to translate and back; give sentences in {source}, or clear task.round_trip_share</source>
        <translation>task.round_trip_share：{path} 中没有可译出再译回的 {source} 句子；请提供 {source} 句子，或清空 task.round_trip_share</translation>
    </message>
    <message>
        <source>the {n} {source} sentences are not used: the round trip (translated and translated back) needs task.both_directions: true, one model translating both ways; set it to use them as GRPO prompts</source>
        <translation>这 {n} 句 {source} 句子未被使用：往返翻译（译出再译回）需要 task.both_directions: true，即一个模型双向翻译；设置它即可把这些句子用作 GRPO 提示</translation>
    </message>
    <message>
        <source>{path}: {needs}</source>
        <translation>{path}：{needs}</translation>
    </message>
    <message>
        <source>the {n} {source} sentences are not used: task.round_trip_share is 0</source>
        <translation>这 {n} 句 {source} 句子未被使用：task.round_trip_share 为 0</translation>
    </message>
    <message>
        <source>round trip: the {n} {source} sentences are GRPO prompts without a reference, {share} of each GRPO batch (task.round_trip_share, the default when there are such sentences); each sampled translation is translated back by the model&apos;s other direction, and chrF of the way back against the sentence is the reward part {part}</source>
        <translation>往返翻译：这 {n} 句 {source} 句子作为没有参考译文的 GRPO 提示，占每个 GRPO 批次的 {share}（task.round_trip_share，有这类句子时的默认值）；每个采样译文由模型的另一个方向译回，译回结果与原句的 chrF 即奖励部分 {part}</translation>
    </message>
    <message>
        <source>round trip: the {n} {source} sentences are GRPO prompts without a reference, {share} of each GRPO batch (task.round_trip_share, as set); each sampled translation is translated back by the model&apos;s other direction, and chrF of the way back against the sentence is the reward part {part}</source>
        <translation>往返翻译：这 {n} 句 {source} 句子作为没有参考译文的 GRPO 提示，占每个 GRPO 批次的 {share}（task.round_trip_share，按您的设置）；每个采样译文由模型的另一个方向译回，译回结果与原句的 chrF 即奖励部分 {part}</translation>
    </message>
    <message>
        <source>task.suggestions: {path} does not exist; serve that run with `grpo-studio serve RUN --suggestions` and send corrections from a client, or clear task.suggestions</source>
        <translation>task.suggestions：{path} 不存在；请用 `grpo-studio serve RUN --suggestions` 为该运行提供服务并从客户端发送更正，或清空 task.suggestions</translation>
    </message>
    <message>
        <source>back-translation: a reverse model trains on the pairs (at most {steps} steps), then translates the {n} {target} sentences; the warm-up&apos;s first step comes after</source>
        <translation>回译：先用句对训练一个反向模型（最多 {steps} 步），再翻译这 {n} 个{target}句子；之后才开始预热的第一步</translation>
    </message>
    <message>
        <source>{setting}: {name} translates one way, as it was trained; set {setting}: false, or train the Tiny-Transformer (model.arch: tiny-transformer)</source>
        <translation>{setting}：{name} 只按训练时的方向单向翻译；请设置 {setting}: false，或训练 Tiny-Transformer（model.arch: tiny-transformer）</translation>
    </message>
    <message>
        <source>task.back_translation off: back-translating the {n} {target} sentences would take minutes of the warm-up&apos;s budget from the {pairs} real pairs; measured on 4,000 pairs and 4,500 such sentences in 25 minutes it ended {loss} test chrF below the pairs alone. Turn it on to try it where the warm-up has time to spare</source>
        <translation>task.back_translation 关闭：回译这 {n} 个{target}句子会从 {pairs} 个真实句对的预热预算中拿走几分钟；在 4,000 个句对和 4,500 个这样的句子上用 25 分钟实测，测试 chrF 比只用句对低 {loss}。预热时间有富余时，可以打开它试试</translation>
    </message>
    <message>
        <source>task.user_reward: {spec} names {where}, not a file of your own; a reward function must be in your own .py file ({hint}), named as my_rewards:score</source>
        <translation>task.user_reward：{spec} 指向 {where}，不是你自己的文件；奖励函数必须位于你自己的 .py 文件中（{hint}），写作 my_rewards:score 的形式</translation>
    </message>
    <message>
        <source>a module built into Python</source>
        <translation>Python 内置的模块</translation>
    </message>
    <message>
        <source>{file}, installed with Python or the studio</source>
        <translation>{file}（随 Python 或本工作室安装）</translation>
    </message>
    <message>
        <source>{who}: {problem}</source>
        <translation>{who}：{problem}</translation>
    </message>
    <message>
        <source>no {metric} more than {gain} and no {second} more than {second_gain} above its best in {n} evaluations</source>
        <translation>连续 {n} 次评估{metric}没有比最佳值高出 {gain} 以上，{second}也没有高出 {second_gain} 以上</translation>
    </message>
    <message>
        <source>{task}: the checkpoint&apos;s perplexity curriculum scored {n} training examples, but the task now has {m} to draw; resume with the task and data settings the run was started with</source>
        <translation>{task}：检查点中的困惑度课程给 {n} 个训练样本打了分，但任务现在有 {m} 个可抽取；请用运行开始时的任务和数据设置继续</translation>
    </message>
    <message>
        <source>{value} is not a share of the weights to prune; give a number above 0 and at most {most} (0.8 prunes 80%)</source>
        <translation>{value} 不是要剪枝的权重比例；请给一个大于 0 且不超过 {most} 的数（0.8 表示剪掉 80%）</translation>
    </message>
    <message>
        <source>{value} is below 0; give 0 (no fine-tuning) or more</source>
        <translation>{value} 小于 0；请给 0（不微调）或更大的数</translation>
    </message>
    <message>
        <source>{value} is not a stage; use warmup or grpo</source>
        <translation>{value} 不是阶段；请用 warmup 或 grpo</translation>
    </message>
    <message>
        <source>stages.warmup.patience {n}: the warm-up ends after {evals} evaluations ({steps} steps) without a better valid chrF</source>
        <translation>stages.warmup.patience {n}：连续 {evals} 次评估（{steps} 步）验证集 chrF 没有提升，预热即结束</translation>
    </message>
    <message>
        <source>stages.warmup.steps {n}: at most {epochs} passes over the training pairs</source>
        <translation type="vanished">stages.warmup.steps {n}：最多遍历训练句对 {epochs} 遍</translation>
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
        <translation type="vanished">第 {step} 步：损失或梯度不是有限值</translation>
    </message>
    <message>
        <source>the update was skipped</source>
        <translation type="vanished">已跳过这次更新</translation>
    </message>
    <message>
        <source>arithmetic ({ops}) with operands up to {n} digits</source>
        <translation>算术（{ops}），操作数最多 {n} 位</translation>
    </message>
    <message>
        <source>stages.warmup.patience {n}: the warm-up ends sooner after {n} evaluations ({steps} steps) without {gain} more exact answers or {chrf} more chrF</source>
        <translation>stages.warmup.patience {n}：连续 {n} 次评估（{steps} 步）完全正确的答案没有多出 {gain}、chrF 也没有高出 {chrf} 时，预热提前结束</translation>
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
        <source>back-translation: the {n} {language} sentences</source>
        <translation>回译：这 {n} 句 {language} 句子</translation>
    </message>
    <message>
        <source>task.back_translation needs task.text_path: a file of sentences in the target language (or both languages), one a line</source>
        <translation>task.back_translation 需要 task.text_path：一个目标语言（或两种语言）的句子文件，每行一句</translation>
    </message>
    <message>
        <source>task.round_trip_share needs task.text_path: a file of sentences in the source language (or both languages), one a line</source>
        <translation>task.round_trip_share 需要 task.text_path：一个源语言（或两种语言）句子的文件，每行一句</translation>
    </message>
    <message>
        <source>stages.warmup.steps {n}: at most {epochs} passes over the training pairs; a cap for a warm-up still improving: the patience should end it first</source>
        <translation>stages.warmup.steps {n}：最多遍历训练句对 {epochs} 遍；这是给仍在进步的预热设的上限：通常应先由 patience 结束</translation>
    </message>
    <message>
        <source>stages.warmup.batch_tokens {n}: pairs of like length, about {k} a batch; {pairs} pairs drawn at random are {share} padding in this file</source>
        <translation>stages.warmup.batch_tokens {n}：长度相近的句对组成批次，每批约 {k} 对；在这个文件里随机抽取的 {pairs} 个句对中有 {share} 是填充</translation>
    </message>
    <message>
        <source>task.label_smoothing {n}: real text has many right translations; the warm-up is not taught to be sure of one</source>
        <translation>task.label_smoothing {n}：真实文本有许多正确的译法；预热不会被教得只认定其中一种</translation>
    </message>
    <message>
        <source>stages.warmup.average_last {n}: the warm-up ends with the average of the weights at its last {k} evaluations when it scores better than the last weights; a levelled-off warm-up&apos;s weights wander around a better point</source>
        <translation>stages.warmup.average_last {n}：若最后 {k} 次评估时权重的平均值得分高于最后的权重，预热以该平均值结束；已趋平稳的预热，其权重在一个更好的点附近徘徊</translation>
    </message>
    <message>
        <source>task.length_penalty {n}: GRPO&apos;s reward also counts how close a translation&apos;s length is to the reference&apos;s; on chrF alone GRPO&apos;s translations of real text grow longer than the references</source>
        <translation>task.length_penalty {n}：GRPO 的奖励也计入译文长度与参考译文长度的接近程度；只用 chrF 时，GRPO 对真实文本的译文会变得比参考译文更长</translation>
    </message>
    <message>
        <source>task.chrf_beta {n}: GRPO&apos;s reward weighs recall {k} times as much as precision, as the test&apos;s chrF does; weighed alike, GRPO&apos;s translations of real text sampled at {t} came out shorter than the references</source>
        <translation>task.chrf_beta {n}：GRPO 的奖励对召回率的权重是精确率的 {k} 倍，与测试的 chrF 相同；两者权重相同时，GRPO 以温度 {t} 采样的真实文本译文比参考译文短</translation>
    </message>
    <message>
        <source>eval.test_decoding {n}: the test split is translated by a beam search, once at the end; on real text it scored higher than greedy decoding, in several times the time</source>
        <translation>eval.test_decoding {n}：测试集用束搜索翻译，只在最后翻译一次；在真实文本上它的得分高于贪心解码，用时是贪心解码的数倍</translation>
    </message>
    <message>
        <source>Sentence pairs given directly</source>
        <translation>直接给出的句对</translation>
    </message>
    <message>
        <source>no training pairs left after the split ({n} pairs in all); give more data or lower data.valid_fraction and data.test_fraction</source>
        <translation>划分后没有剩下训练句对（共 {n} 个句对）；请提供更多数据，或降低 data.valid_fraction 和 data.test_fraction</translation>
    </message>
    <message>
        <source>every training pair is longer than data.max_length {n} tokens; raise data.max_length (and model.max_len), or use shorter sentences</source>
        <translation>每个训练句对都超过 data.max_length {n} 个词元；请提高 data.max_length（以及 model.max_len），或使用更短的句子</translation>
    </message>
    <message>
        <source>{what}; {done}</source>
        <translation type="vanished">{what}；{done}</translation>
    </message>
    <message>
        <source>curriculum.difficulty: perplexity draws the warm-up from the real pairs it scored, which would leave out the back-translated ones (task.back_translation); turn one of them off</source>
        <translation>curriculum.difficulty：perplexity 从它打过分的真实句对中抽取预热样本，这样会漏掉回译的句对（task.back_translation）；请关闭其中一个</translation>
    </message>
    <message>
        <source>the translation task trains a tiny-transformer, got {type}; set model.arch: tiny-transformer</source>
        <translation type="vanished">翻译任务训练的是 tiny-transformer，当前为 {type}；请设置 model.arch: tiny-transformer</translation>
    </message>
    <message>
        <source>model.shared_vocab: true needs one tokenizer for both languages; set task.shared_tokenizer: true (and the same source/target tokenizer kind)</source>
        <translation>model.shared_vocab: true 需要两种语言共用一个分词器；请设置 task.shared_tokenizer: true（且源/目标分词器为同一种）</translation>
    </message>
    <message>
        <source>the {split} split is empty; set data.{name}_fraction above 0 to evaluate</source>
        <translation type="vanished">{split}集为空；要评估请把 data.{name}_fraction 设为大于 0</translation>
    </message>
    <message>
        <source>task state lacks {keys}; it was not saved by the translation task (check the run folder)</source>
        <translation>任务状态缺少 {keys}；它不是翻译任务保存的（请检查运行文件夹）</translation>
    </message>
    <message>
        <source>task.back_translation_steps {n}: the reverse model trains about 15 passes over the pairs at most; what it would gain after them is not worth the warm-up&apos;s minutes</source>
        <translation>task.back_translation_steps {n}：反向模型最多在句对上训练约 15 遍；之后的提升不值得占用预热的时间</translation>
    </message>
    <message>
        <source>the {n} {source} sentences are not used: the round trip (translated and translated back) needs a model translating both ways, which the fit does not choose: from a few thousand pairs such a model translated {source} to {target} {loss} chrF worse in the same budget, more than the round trip won back; set task.both_directions: true to use them as GRPO prompts all the same</source>
        <translation>这 {n} 个{source}句子未被使用：往返翻译（译过去再译回来）需要一个双向翻译的模型，而拟合不会选择它：只有几千个句对时，这样的模型在同样的预算内把{source}译成{target}的 chrF 低 {loss}，往返翻译也没能补回来；如果仍想把它们用作 GRPO 提示，请设置 task.both_directions: true</translation>
    </message>
    <message>
        <source>put the .py file beside the preset file or in the folder the studio starts in</source>
        <translation>请把 .py 文件放在预设文件旁边，或工作室启动时所在的文件夹中</translation>
    </message>
    <message>
        <source>task.user_reward ({spec}) runs Python code from {file}, which was not allowed to run; if you trust that file, allow it (grpo-studio train --allow-code {file}, or answer yes when the window asks)</source>
        <translation>task.user_reward（{spec}）要运行 {file} 中的 Python 代码，而它未被允许运行；如果你信任这个文件，请允许它（grpo-studio train --allow-code {file}，或在窗口询问时回答“是”）</translation>
    </message>
    <message>
        <source>task.user_reward: expected &quot;module:function&quot; (e.g. &quot;my_rewards:score&quot;), got {value}</source>
        <translation>task.user_reward：应为 &quot;module:function&quot;（例如 &quot;my_rewards:score&quot;），当前为 {value}</translation>
    </message>
    <message>
        <source>task.user_reward: cannot import module {module} (no such .py file); {hint}</source>
        <translation>task.user_reward：无法导入模块 {module}（没有这个 .py 文件）；{hint}</translation>
    </message>
    <message>
        <source>{path}: no such file; name the .py file that holds your reward</source>
        <translation>{path}：没有这个文件；请指定包含你的奖励函数的 .py 文件</translation>
    </message>
    <message>
        <source>task.user_reward: cannot import module {module} ({reason}); {hint}</source>
        <translation>task.user_reward：无法导入模块 {module}（{reason}）；{hint}</translation>
    </message>
    <message>
        <source>task.user_reward: module {module} has no function {function}; check the name after the colon</source>
        <translation>task.user_reward：模块 {module} 中没有函数 {function}；请检查冒号后面的名字</translation>
    </message>
    <message>
        <source>task.user_reward: {spec} is not a function but a {type}; name a function</source>
        <translation>task.user_reward：{spec} 不是函数，而是 {type}；请指定一个函数</translation>
    </message>
    <message>
        <source>user reward {spec} must return a list of numbers, got {value}</source>
        <translation>用户奖励 {spec} 必须返回数字列表，当前为 {value}</translation>
    </message>
    <message>
        <source>user reward {spec} returned {n} values for {m} completions; return one per completion</source>
        <translation>用户奖励 {spec} 为 {m} 个补全返回了 {n} 个值；请为每个补全返回一个</translation>
    </message>
    <message>
        <source>user reward {spec} returned a NaN or infinite value; return finite numbers</source>
        <translation>用户奖励 {spec} 返回了 NaN 或无穷大；请返回有限的数</translation>
    </message>
    <message>
        <source>training diverged: the {n} updates of steps {first}-{step} were all skipped, their loss or gradient not finite (training.max_skipped_in_a_row is {limit})</source>
        <translation>训练发散：第 {first}-{step} 步的 {n} 次更新全部被跳过，其损失或梯度不是有限值（training.max_skipped_in_a_row 为 {limit}）</translation>
    </message>
    <message>
        <source>{skipped}, from the very first step: check the data, the model&apos;s settings and training.amp, and the learning rate (stages.{stage}.lr is {lr})</source>
        <translation>{skipped}，从第一步起就如此：请检查数据、模型设置和 training.amp，以及学习率（stages.{stage}.lr 为 {lr}）</translation>
    </message>
    <message>
        <source>the newest checkpoint from before step {step} is {path}</source>
        <translation>第 {step} 步之前最新的检查点是 {path}</translation>
    </message>
    <message>
        <source>no checkpoint was written before step {step}</source>
        <translation>第 {step} 步之前没有写出检查点</translation>
    </message>
    <message>
        <source>{skipped}, since the update of step {step}. The likely cause is the learning rate (stages.{stage}.lr is {lr}): lower it by 10x or more and train again; {saved}</source>
        <translation>{skipped}，自第 {step} 步的更新起。可能的原因是学习率（stages.{stage}.lr 为 {lr}）：请把它降低到十分之一或更低后重新训练；{saved}</translation>
    </message>
    <message>
        <source>variant {label} failed: {problem}</source>
        <translation>变体 {label} 失败：{problem}</translation>
    </message>
    <message>
        <source>curriculum.start_level: {start} is past the {task} task&apos;s last level, {top} (levels are counted from 0); lower it to at most {top}</source>
        <translation>curriculum.start_level：{start} 超过了 {task} 任务的最后一级 {top}（级别从 0 开始计数）；请降到最多 {top}</translation>
    </message>
    <message>
        <source>grpo.reward_weights.{name}: the {task} task has no reward named {quoted}, so the weight would weigh nothing; its rewards are {names}</source>
        <translation>grpo.reward_weights.{name}：{task} 任务没有名为 {quoted} 的奖励，这个权重不会起作用；它的奖励有 {names}</translation>
    </message>
    <message>
        <source>{where}: {count} of {total} {unit} ({share}) could not be used, more than data.max_unusable allows ({limit}): {summary}; fix the data, or raise data.max_unusable to train on the rest</source>
        <translation>{where}：{total} {unit}中有 {count} 无法使用（{share}），超过了 data.max_unusable 允许的比例（{limit}）：{summary}；请修正数据，或提高 data.max_unusable 以用其余部分训练</translation>
    </message>
    <message>
        <source>{path}: finished all its stages at step {step}; nothing is left to train (evaluate or export it, or start a new run)</source>
        <translation>{path}：已在第 {step} 步完成所有阶段；没有剩下要训练的（可以评估或导出它，或开始新的运行）</translation>
    </message>
    <message>
        <source>run.max_steps: the run is at step {step}, its step limit of {limit}; give a higher limit to train on (--steps N, up to {total} for all stages)</source>
        <translation>run.max_steps：运行已在第 {step} 步，即它的步数上限 {limit}；要继续训练请给更高的上限（--steps N，所有阶段共最多 {total}）</translation>
    </message>
    <message>
        <source>{stage}: planned again from its own pace, {own} s a step (measured before the first step: {probe} s): {before} -&gt; {after} steps, to end where the time budget leaves the later stages their time</source>
        <translation>{stage}：按自身的速度重新规划，每步 {own} 秒（第一步之前测得 {probe} 秒）：{before} -&gt; {after} 步，在时间预算给后面阶段留足时间之处结束</translation>
    </message>
    <message>
        <source>{stage}: {why}, but with its learning rate still {lr}: the rate now decays to its floor by step {end} of the stage, where it ends</source>
        <translation>{stage}：{why}，但学习率仍为 {lr}：学习率现在于本阶段第 {end} 步前衰减到下限，阶段在那里结束</translation>
    </message>
    <message>
        <source>step {step}: loss or gradient was not finite; the update was skipped</source>
        <translation>第 {step} 步：损失或梯度不是有限值；已跳过这次更新</translation>
    </message>
    <message>
        <source>training needs about {size} ({parts})</source>
        <translation>训练大约需要 {size}（{parts}）</translation>
    </message>
    <message>
        <source>more than {machine}</source>
        <translation>超过了{machine}</translation>
    </message>
    <message>
        <source>{named}: makes a model of {n} parameters, and {need}, {over}; {fix}</source>
        <translation>{named}：构成一个有 {n} 个参数的模型，{need}，{over}；请{fix}</translation>
    </message>
    <message>
        <source>the model&apos;s settings</source>
        <translation>模型的设置</translation>
    </message>
    <message>
        <source>grpo.num_generations {g} x stages.grpo.batch_size {p}: {n} sequences a GRPO step, each up to {longest} tokens, and {need}, {over}; lower grpo.num_generations or stages.grpo.batch_size (or shorten the sequences: data.max_length, grpo.max_new_tokens)</source>
        <translation>grpo.num_generations {g} x stages.grpo.batch_size {p}：每个 GRPO 步 {n} 个序列，每个最多 {longest} 个词元，{need}，{over}；请降低 grpo.num_generations 或 stages.grpo.batch_size（或缩短序列：data.max_length、grpo.max_new_tokens）</translation>
    </message>
    <message>
        <source>stages.warmup.batch_size {size}: {n} examples a {stage} step, each up to {longest} tokens, and {need}, {over}; lower stages.warmup.batch_size or data.max_length</source>
        <translation>stages.warmup.batch_size {size}：每个{stage}步 {n} 个样本，每个最多 {longest} 个词元，{need}，{over}；请降低 stages.warmup.batch_size 或 data.max_length</translation>
    </message>
    <message>
        <source>{named}: {need}, {over}; {fix}</source>
        <translation>{named}：{need}，{over}；请{fix}</translation>
    </message>
    <message>
        <source>this run</source>
        <translation>这次运行</translation>
    </message>
    <message>
        <source>training.memory_budget: fitting a budget works in one process, not under torchrun (each process would read its own free memory); leave it empty and set the batch sizes, e.g. those a one-process run fitted (its config.yaml)</source>
        <translation>training.memory_budget：按预算适配只能在单进程中进行，不能在 torchrun 下进行（每个进程会读到各自的空闲内存）；请留空并自己设置批大小，例如单进程运行适配出的那些（见它的 config.yaml）</translation>
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
        <source>{path}: refused: it holds {culprit}, code that would run when the file is read, which a GRPO Studio checkpoint never holds; nothing in it was run. Use a file from a source you trust, or train again</source>
        <translation>{path}：已拒绝：它含有 {culprit}，即读取文件时会运行的代码，GRPO Studio 的检查点从不含有这种内容；其中的任何内容都未运行。请使用来自可信来源的文件，或重新训练</translation>
    </message>
    <message>
        <source>a web page ({origin}) may not use this server; programs on this machine, browser add-ons and the pages named by --allow-origin may</source>
        <translation>网页（{origin}）不能使用此服务器；本机的程序、浏览器扩展和 --allow-origin 指定的网页可以</translation>
    </message>
    <message>
        <source>&quot;{name}&quot; is a number of {n} digits; send a whole number of at most {most} digits</source>
        <translation type="vanished">&quot;{name}&quot; 是一个 {n} 位的数字；请发送最多 {most} 位的整数</translation>
    </message>
    <message>
        <source>{path}: has no checkpoint to resume from; start a new run with the same config instead</source>
        <translation>{path}：没有可继续的检查点；请改用相同的配置开始新的运行</translation>
    </message>
    <message>
        <source>distill.teacher: {problem}</source>
        <translation>distill.teacher：{problem}</translation>
    </message>
    <message>
        <source>{path} has not finished: its records end without the run&apos;s end (it is still training, or was killed); let it finish, resume it (grpo-studio train --resume {path}), or pick a finished run</source>
        <translation>{path} 还没有完成：它的记录没有以运行结束收尾（仍在训练，或被终止了）；请让它完成、继续它（grpo-studio train --resume {path}），或选一个已完成的运行</translation>
    </message>
    <message>
        <source>{path} ended by {reason}, not by finishing; resume it to the end (grpo-studio train --resume) or pick a finished run</source>
        <translation>{path} 因 {reason} 而结束，而不是正常完成；请把它继续到结束（grpo-studio train --resume），或选一个已完成的运行</translation>
    </message>
    <message>
        <source>{path} learned the {theirs} task, this run trains {ours}; a teacher must have learned the same task: pick a {ours} run</source>
        <translation>{path} 学的是 {theirs} 任务，而这次运行训练 {ours}；教师必须学过同一个任务：请选一个 {ours} 运行</translation>
    </message>
    <message>
        <source>model.max_len: {ours} is longer than the teacher&apos;s ({theirs}, {path}), which cannot read sequences that long; lower model.max_len to at most {theirs}</source>
        <translation>model.max_len：{ours} 比教师的（{theirs}，{path}）更长，教师读不了这么长的序列；请把 model.max_len 降到最多 {theirs}</translation>
    </message>
    <message>
        <source>{path} was trained with task.{name}: {theirs}, this run asks {ours}; the student takes its teacher&apos;s tokenizer so that their outputs name the same tokens: set task.{name}: {theirs}, or pick another teacher</source>
        <translation>{path} 训练时 task.{name} 为 {theirs}，这次运行要求 {ours}；学生沿用教师的分词器，以便两者的输出对应相同的词元：请设置 task.{name}: {theirs}，或另选一个教师</translation>
    </message>
    <message>
        <source>the teacher&apos;s run cannot be read: {problem}</source>
        <translation>无法读取教师的运行：{problem}</translation>
    </message>
    <message>
        <source>distill.sha256: the teacher&apos;s checkpoint {path} has changed since this run recorded it (sha256 {recorded}..., now {now}...); a different teacher would make a different run: put the teacher&apos;s run folder back as it was, or start a new run</source>
        <translation>distill.sha256：教师的检查点 {path} 在这次运行记录它之后被改动过（sha256 {recorded}...，现在是 {now}...）；不同的教师会得到不同的运行：请把教师的运行文件夹恢复原样，或开始新的运行</translation>
    </message>
    <message>
        <source>the tokenizer of {path} cannot serve this run&apos;s task ({reason}); the student takes its teacher&apos;s tokenizer: pick a teacher trained with this run&apos;s task settings</source>
        <translation>{path} 的分词器无法用于这次运行的任务（{reason}）；学生沿用教师的分词器：请选一个用这次运行的任务设置训练的教师</translation>
    </message>
    <message>
        <source>soft targets at temperature {t}, {share} of the warm-up loss</source>
        <translation>温度 {t} 下的软目标，占预热损失的 {share}</translation>
    </message>
    <message>
        <source>{n} examples it writes, {share} of each warm-up batch</source>
        <translation>它写出的 {n} 个样本，占每个预热批次的 {share}</translation>
    </message>
    <message>
        <source>distillation: teacher {path} ({checkpoint}, sha256 {sha}, {n} parameters; the student has {student}), by {ways}</source>
        <translation>蒸馏：教师 {path}（{checkpoint}，sha256 {sha}，{n} 个参数；学生有 {student} 个），方式：{ways}</translation>
    </message>
    <message>
        <source>nothing (weight 0)</source>
        <translation>无（权重 0）</translation>
    </message>
    <message>
        <source>distillation: the teacher wrote {n} warm-up examples, its greedy answers to {prompts} distinct training prompts ({same} the same as the reference); {empty} skipped (empty answer)</source>
        <translation>蒸馏：教师写了 {n} 个预热样本，即它对 {prompts} 个不同训练提示的贪心回答（其中 {same} 个与参考答案相同）；跳过 {empty} 个（回答为空）</translation>
    </message>
    <message>
        <source>{wanted} were asked, but the training data holds only {n} distinct prompts</source>
        <translation>要求 {wanted} 个，但训练数据只有 {n} 个不同的提示</translation>
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
        <translation type="vanished">内存预算 {budget}：估计 {estimate}，放得下</translation>
    </message>
    <message>
        <source>nothing changed</source>
        <translation type="vanished">未做任何更改</translation>
    </message>
    <message>
        <source>memory budget {budget}: the estimate, {estimate}, does not fit</source>
        <translation type="vanished">内存预算 {budget}：估计 {estimate}，放不下</translation>
    </message>
    <message>
        <source>changed:</source>
        <translation>已更改：</translation>
    </message>
    <message>
        <source>{changes}: the same examples per optimizer step, in more passes of fewer (slower, the same numbers)</source>
        <translation type="vanished">{changes}：每次优化器更新的样本数不变，分成更多、更小的批次（更慢，数值相同）</translation>
    </message>
    <message>
        <source>{changes}: recompute blocks in the backward pass instead of keeping their activations (slower, the same numbers)</source>
        <translation type="vanished">{changes}：在反向传播中重算模块，而不保存其激活值（更慢，数值相同）</translation>
    </message>
    <message>
        <source>{changes}: 16-bit activations (slightly different numbers)</source>
        <translation type="vanished">{changes}：16 位激活值（数值略有不同）</translation>
    </message>
    <message>
        <source>{changes}: fewer samples per prompt: this changes the algorithm (smaller groups, noisier advantages), so it comes last</source>
        <translation type="vanished">{changes}：每个提示的采样更少：这会改变算法（组更小，优势值噪声更大），所以放在最后</translation>
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
        <translation type="vanished">权重 {size}</translation>
    </message>
    <message>
        <source>gradients {size}</source>
        <translation type="vanished">梯度 {size}</translation>
    </message>
    <message>
        <source>AdamW state {size}</source>
        <translation type="vanished">AdamW 状态 {size}</translation>
    </message>
    <message>
        <source>reference model {size}</source>
        <translation type="vanished">参考模型 {size}</translation>
    </message>
    <message>
        <source>teacher model {size}</source>
        <translation type="vanished">教师模型 {size}</translation>
    </message>
    <message>
        <source>activations {size}</source>
        <translation type="vanished">激活值 {size}</translation>
    </message>
    <message>
        <source>KV cache {size}</source>
        <translation type="vanished">KV 缓存 {size}</translation>
    </message>
    <message>
        <source>the process itself {size}</source>
        <translation type="vanished">进程本身 {size}</translation>
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
        <source>model.path: {path} is {what}, which the {task} task cannot train; train it with the {preset} preset</source>
        <translation>model.path：{path} 是{what}，{task} 任务无法训练它；请用 {preset} 预设训练它</translation>
    </message>
    <message>
        <source>must be at most {most} examples, got {limit}; a split is evaluated whole with any limit above its size</source>
        <translation>最多 {most} 个样例，得到 {limit}；限制大于划分的大小时，整个划分都会被评估</translation>
    </message>
    <message>
        <source>must be from 0 to {last}, one of the {count} {what}, got {index}</source>
        <translation>必须在 0 到 {last} 之间，即 {count} 个{what}之一，得到 {index}</translation>
    </message>
    <message>
        <source>run.time_budget: &quot;{text}&quot; is less than the least budget, {least} s: measuring the run&apos;s pace before its first step takes seconds of it; give {least} s or more, or leave it empty for no budget</source>
        <translation>run.time_budget：“{text}”少于最小预算 {least} 秒：在第一步之前测量运行速度就要用去几秒；请给出 {least} 秒或更多，或留空表示没有预算</translation>
    </message>
    <message>
        <source>{who}: {path} is given twice; keep one value</source>
        <translation>{who}：{path} 给出了两次；请只保留一个值</translation>
    </message>
    <message>
        <source>{path}.{old} is the former name of {path}.{new}, and the two give different values; keep {path}.{new} alone</source>
        <translation>{path}.{old} 是 {path}.{new} 的旧名称，而两者给出的值不同；请只保留 {path}.{new}</translation>
    </message>
    <message>
        <source>--set {key}: {problem}</source>
        <translation>--set {key}：{problem}</translation>
    </message>
    <message>
        <source>{path}: no such file; check the path (presets: grpo-studio presets)</source>
        <translation>{path}: 没有这个文件；请检查路径（预设：grpo-studio presets）</translation>
    </message>
    <message>
        <source>a preset (at most 1.0 MB)</source>
        <translation>预设（最多 1.0 MB）</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({reason}); save it as UTF-8 text</source>
        <translation>{path}: 无法读取（{reason}）；请把它保存为 UTF-8 文本</translation>
    </message>
    <message>
        <source>{path}, {problem}; the studio never writes such a file: use a preset from a source you trust (grpo-studio presets lists the shipped ones)</source>
        <translation>{path}，{problem}；工作室从不写这样的文件：请使用来自可信来源的预设（grpo-studio presets 会列出自带的预设）</translation>
    </message>
    <message>
        <source>{path}: not valid YAML: {problem}; fix the file&apos;s syntax</source>
        <translation>{path}: 不是有效的 YAML：{problem}；请修正文件的语法</translation>
    </message>
    <message>
        <source>{path}: not valid YAML at line {line}, column {column}: {problem}; fix the file&apos;s syntax</source>
        <translation>{path}: 第 {line} 行第 {column} 列不是有效的 YAML：{problem}；请修正文件的语法</translation>
    </message>
    <message>
        <source>line {line}: {problem}</source>
        <translation>第 {line} 行：{problem}</translation>
    </message>
    <message>
        <source>the alias *{name} repeats a value that holds it, which never ends; remove the alias</source>
        <translation>别名 *{name} 重复了一个包含它自身的值，永远不会结束；请去掉这个别名</translation>
    </message>
    <message>
        <source>nested more than {n} levels deep (a preset is four): made to exhaust the stack, or damaged</source>
        <translation>嵌套超过 {n} 层（预设只有四层）：是为了耗尽栈而构造的，或者已损坏</translation>
    </message>
    <message>
        <source>the key {key} is written twice in one mapping (line {line}, columns {first} and {second}); keep one</source>
        <translation>键 {key} 在同一个映射中写了两次（第 {line} 行，第 {first} 和 {second} 列）；请只保留一个</translation>
    </message>
    <message>
        <source>the key {key} is written twice in one mapping (lines {first} and {second}); keep one</source>
        <translation>键 {key} 在同一个映射中写了两次（第 {first} 和 {second} 行）；请只保留一个</translation>
    </message>
    <message>
        <source>its aliases (*name) expand to more than {n} values, far more than a preset holds (a few hundred): made to exhaust memory, and refused before expanding them</source>
        <translation>它的别名（*name）展开后超过 {n} 个值，远多于一个预设包含的（几百个）：是为了耗尽内存而构造的，已在展开前拒绝</translation>
    </message>
    <message>
        <source>it holds more than {n} values, far more than a preset holds (a few hundred): made to exhaust memory, and refused before expanding them</source>
        <translation>它包含超过 {n} 个值，远多于一个预设包含的（几百个）：是为了耗尽内存而构造的，已在展开前拒绝</translation>
    </message>
    <message>
        <source>max_length={n}: must be a positive number of characters</source>
        <translation>max_length={n}：必须是正的字符数</translation>
    </message>
    <message>
        <source>the first two columns</source>
        <translation>前两列</translation>
    </message>
    <message>
        <source>give each JSON object &quot;source&quot; and &quot;target&quot; (or &quot;src&quot;/&quot;tgt&quot;, or two language codes such as &quot;zh&quot; and &quot;en&quot;) with text values</source>
        <translation>请给每个 JSON 对象 &quot;source&quot; 和 &quot;target&quot;（或 &quot;src&quot;/&quot;tgt&quot;，或两个语言代码，如 &quot;zh&quot; 和 &quot;en&quot;），值为文本</translation>
    </message>
    <message>
        <source>{name}={value}: must be at least 0 and below 1 (e.g. 0.05)</source>
        <translation>{name}={value}：必须不小于 0 且小于 1（例如 0.05）</translation>
    </message>
    <message>
        <source>valid_fraction + test_fraction = {sum}: leaves nothing to train on; keep the sum below 1</source>
        <translation>valid_fraction + test_fraction = {sum}：没有留下可训练的数据；请让总和小于 1</translation>
    </message>
    <message>
        <source>only one of task.source_column and task.target_column is set; set both (counted from 0), or neither to let the studio match the columns to the languages</source>
        <translation>task.source_column 和 task.target_column 只设了一个；请两个都设（从 0 开始计数），或都不设，让工作室按语言匹配各列</translation>
    </message>
    <message>
        <source>the first two columns (no languages given)</source>
        <translation>前两列（未给出语言）</translation>
    </message>
    <message>
        <source>task.source_column and task.target_column are both {n}: the source and target must be two different columns</source>
        <translation>task.source_column 和 task.target_column 都是 {n}：源和目标必须是两个不同的列</translation>
    </message>
    <message>
        <source>set by task.source_column and task.target_column</source>
        <translation>由 task.source_column 和 task.target_column 指定</translation>
    </message>
    <message>
        <source>column {index} holds {script}: set task.{side}_column={index}</source>
        <translation>第 {index} 列是{script}：请设置 task.{side}_column={index}</translation>
    </message>
    <message>
        <source>no column holds {script} text: check task.{side}_lang</source>
        <translation>没有一列是{script}文本：请检查 task.{side}_lang</translation>
    </message>
    <message>
        <source>{where}: task.{side}_column={column} holds {script}-script text (e.g. {sample}), but task.{side}_lang is {language}, written in {want}; {fix}, or leave task.source_column and task.target_column empty to match them by language</source>
        <translation>{where}：task.{side}_column={column} 是{script}文字的文本（例如 {sample}），但 task.{side}_lang 是 {language}，用{want}书写；{fix}，或把 task.source_column 和 task.target_column 留空，按语言匹配</translation>
    </message>
    <message>
        <source>named source and target</source>
        <translation>以 source 和 target 命名</translation>
    </message>
    <message>
        <source>{first} and {second}</source>
        <translation>{first}和{second}</translation>
    </message>
    <message>
        <source>named by the file ({names})</source>
        <translation>按文件给出的名称（{names}）</translation>
    </message>
    <message>
        <source>{where}: the file names its columns {listed}, but the task translates {source}-&gt;{target}; set task.source_lang and task.target_lang to two of the file&apos;s languages, or choose a file in the task&apos;s languages</source>
        <translation>{where}：文件把各列命名为 {listed}，但任务翻译的是 {source}-&gt;{target}；请把 task.source_lang 和 task.target_lang 设为文件中的两种语言，或选择任务语言的文件</translation>
    </message>
    <message>
        <source>{where}: column {column} is named {name} ({language}, written in {want}) but holds {script}-script text (e.g. {sample}); fix the header row, or set task.source_column and task.target_column</source>
        <translation>{where}：第 {column} 列名为 {name}（{language}，用{want}书写），但内容是{script}文字的文本（例如 {sample}）；请修正表头行，或设置 task.source_column 和 task.target_column</translation>
    </message>
    <message>
        <source>by script</source>
        <translation>按文字系统</translation>
    </message>
    <message>
        <source>by script and language identification</source>
        <translation>按文字系统和语言识别</translation>
    </message>
    <message>
        <source>column {index} {script} (e.g. {sample})</source>
        <translation>第 {index} 列 {script}（例如 {sample}）</translation>
    </message>
    <message>
        <source>{where}: no column holds {script}-script text for {language}; the file&apos;s text columns are {held}. Set task.source_lang and task.target_lang to the file&apos;s languages, or choose a file in {source} and {target}</source>
        <translation>{where}：没有一列是{language}所用的{script}文字文本；文件的文本列是 {held}。请把 task.source_lang 和 task.target_lang 设为文件中的语言，或选择 {source} 和 {target} 的文件</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>by language identification</source>
        <translation>按语言识别</translation>
    </message>
    <message>
        <source>column {index} ({script}, e.g. {sample})</source>
        <translation>第 {index} 列（{script}，例如 {sample}）</translation>
    </message>
    <message>
        <source>both are written in {script} script</source>
        <translation>两者都用{script}书写</translation>
    </message>
    <message>
        <source>the columns do not say</source>
        <translation>各列没有说明</translation>
    </message>
    <message>
        <source>{where}: cannot tell which column is {first} and which is {second}: {listed}; {why}. Add a header row naming the languages (e.g. {source}&lt;TAB&gt;{target}), or set task.source_column and task.target_column (counted from 0), e.g. --set task.source_column=0 --set task.target_column=1</source>
        <translation>{where}：分不清哪一列是 {first}、哪一列是 {second}：{listed}；{why}。请加一行表头写明语言（例如 {source}&lt;TAB&gt;{target}），或设置 task.source_column 和 task.target_column（从 0 开始计数），例如 --set task.source_column=0 --set task.target_column=1</translation>
    </message>
    <message>
        <source>a clause lacks a part its kind needs</source>
        <translation>一个子句缺少其类型所需的部分</translation>
    </message>
    <message>
        <source>the demo grammar gave only {got} distinct pairs of the {n} asked for; ask for fewer (the whole corpus is {size})</source>
        <translation>演示语法只生成了 {got} 个不同的句对，而要求的是 {n} 个；请少要一些（整个语料有 {size} 个）</translation>
    </message>
    <message>
        <source>n={n}: must be a whole number of pairs, 0 or more (or None)</source>
        <translation>n={n}：必须是句对的整数个数，0 或更多（或 None）</translation>
    </message>
    <message>
        <source>{n} {reason} ({files})</source>
        <translation>{n} 个{reason}（{files}）</translation>
    </message>
    <message>
        <source>{kept}; skipped {skips}: remove or re-save these files</source>
        <translation>{kept}；跳过 {skips}：请删除或重新保存这些文件</translation>
    </message>
    <message>
        <source>not an image</source>
        <translation>不是图像</translation>
    </message>
    <message>
        <source>too large to decode safely</source>
        <translation>太大，无法安全解码</translation>
    </message>
    <message>
        <source>unreadable (permission denied)</source>
        <translation>无法读取（权限不足）</translation>
    </message>
    <message>
        <source>truncated or corrupt</source>
        <translation>不完整或已损坏</translation>
    </message>
    <message>
        <source>outside a class folder</source>
        <translation>不在类别文件夹中</translation>
    </message>
    <message>
        <source>{path}: has only one class folder ({name}/); a classifier needs at least two: add a subfolder of images for each other class</source>
        <translation>{path}：只有一个类别文件夹（{name}/）；分类器至少需要两个：请为其他每个类别添加一个图像子文件夹</translation>
    </message>
    <message>
        <source>{path}: the class folder &apos;{name}&apos; holds no images; add PNG or JPEG files to it, or remove the folder</source>
        <translation>{path}：类别文件夹 &apos;{name}&apos; 中没有图像；请往里添加 PNG 或 JPEG 文件，或删除这个文件夹</translation>
    </message>
    <message>
        <source>{path}: none of the {n} files in class folder &apos;{name}&apos; could be read as an image ({listed}); add PNG or JPEG images to it, or remove the folder</source>
        <translation>{path}：类别文件夹 &apos;{name}&apos; 中的 {n} 个文件没有一个能作为图像读取（{listed}）；请往里添加 PNG 或 JPEG 图像，或删除这个文件夹</translation>
    </message>
    <message>
        <source>{code} ({language})</source>
        <translation>{code}（{language}）</translation>
    </message>
    <message>
        <source>{script}</source>
        <translation>{script}</translation>
    </message>
    <message>
        <source>{n} opening a quote that does not close within {most} lines ({lines}); read on from the next line</source>
        <translation>{n} 行打开的引号在 {most} 行内没有闭合（{lines}）；从下一行继续读取</translation>
    </message>
    <message>
        <source>{n} bad JSON ({lines})</source>
        <translation>{n} 行不是有效的 JSON（{lines}）</translation>
    </message>
    <message>
        <source>{n} outside a class folder ({lines})</source>
        <translation>{n} 个不在类别文件夹中（{lines}）</translation>
    </message>
    <message>
        <source>{n} with an empty answer ({lines})</source>
        <translation>{n} 行答案为空（{lines}）</translation>
    </message>
    <message>
        <source>{n} with an empty prompt ({lines})</source>
        <translation>{n} 行提示为空（{lines}）</translation>
    </message>
    <message>
        <source>{n} without a prompt field ({lines})</source>
        <translation>{n} 行没有提示字段（{lines}）</translation>
    </message>
    <message>
        <source>{n} without an answer ({lines})</source>
        <translation>{n} 行没有答案（{lines}）</translation>
    </message>
    <message>
        <source>column {index}</source>
        <translation>第 {index} 列</translation>
    </message>
    <message>
        <source>added to the training pairs: {path}: {summary}</source>
        <translation>已加入训练句对：{path}：{summary}</translation>
    </message>
    <message>
        <source>columns matched {how}; counted from 0, as task.source_column and task.target_column count</source>
        <translation>列的匹配方式：{how}；从 0 开始计数，与 task.source_column 和 task.target_column 的计数方式相同</translation>
    </message>
    <message>
        <source>{split} {n}</source>
        <translation>{split} {n}</translation>
    </message>
    <message>
        <source>{path}: {summary}</source>
        <translation>{path}：{summary}</translation>
    </message>
    <message>
        <source>{origin}: {n} prompts</source>
        <translation>{origin}：{n} 个提示</translation>
    </message>
    <message>
        <source>{origin}: {n} pairs, {source}-&gt;{target}</source>
        <translation>{origin}：{n} 个句对，{source}-&gt;{target}</translation>
    </message>
    <message>
        <source>{origin}: {n} pairs</source>
        <translation>{origin}：{n} 个句对</translation>
    </message>
    <message>
        <source>kept {n} prompt</source>
        <translation>保留 {n} 个提示</translation>
    </message>
    <message>
        <source>kept {n} prompts</source>
        <translation>保留 {n} 个提示</translation>
    </message>
    <message>
        <source>{n} {reason} ({lines})</source>
        <translation>{n} 个{reason}（{lines}）</translation>
    </message>
    <message>
        <source>source {language}: {column}</source>
        <translation>源语言 {language}：{column}</translation>
    </message>
    <message>
        <source>source {language}</source>
        <translation>源语言 {language}</translation>
    </message>
    <message>
        <source>target {language}: {column}</source>
        <translation>目标语言 {language}：{column}</translation>
    </message>
    <message>
        <source>target {language}</source>
        <translation>目标语言 {language}</translation>
    </message>
    <message>
        <source>a .tsv/.csv/.jsonl file or two aligned text files such as train.zh + train.en</source>
        <translation>一个 .tsv/.csv/.jsonl 文件，或两个对齐的文本文件，例如 train.zh + train.en</translation>
    </message>
    <message>
        <source>keep a part of it (the first lines) or load it on a machine with more memory</source>
        <translation>只保留其中一部分（前面的若干行），或在内存更大的机器上加载</translation>
    </message>
    <message>
        <source>{path}: looks like a binary file (a spreadsheet or an archive?); export the sentence pairs as {readable}</source>
        <translation>{path}：看起来是二进制文件（电子表格还是压缩包？）；请把句对导出为{readable}</translation>
    </message>
    <message>
        <source>1 row spans several lines (a quoted cell with line breaks), read as one row (line {lines})</source>
        <translation>1 行跨越多行（带换行的引号单元格），按一行读取（第 {lines} 行）</translation>
    </message>
    <message>
        <source>{n} rows span several lines (quoted cells with line breaks), each read as one row (lines {lines})</source>
        <translation>{n} 行跨越多行（带换行的引号单元格），各按一行读取（第 {lines} 行）</translation>
    </message>
    <message>
        <source>{a} has {n} lines but {b} has {m}; aligned files must hold one sentence per line, line for line: find the line where they drift apart</source>
        <translation>{a} 有 {n} 行，而 {b} 有 {m} 行；对齐的文件必须每行一句、逐行对应：请找出两者开始错位的那一行</translation>
    </message>
    <message>
        <source>{path}: holds no sentence pairs that can be read; put {readable} in it, or give the file itself</source>
        <translation>{path}：没有可读取的句对；请在里面放{readable}，或直接给出文件本身</translation>
    </message>
    <message>
        <source>{path}: holds several candidates ({names}); give the path of the one to use</source>
        <translation>{path}：有多个候选（{names}）；请给出要用的那个的路径</translation>
    </message>
    <message>
        <source>{path}: has several partner files ({names}); move the two files of the pair to use into a folder of their own</source>
        <translation>{path}：有多个配对文件（{names}）；请把要用的那一对文件移到单独的文件夹中</translation>
    </message>
    <message>
        <source>{path}: an aligned text file needs its partner beside it (e.g. {stem}.en next to {stem}.zh, with the same number of lines); none found in {folder}</source>
        <translation>{path}：对齐的文本文件需要它的配对文件放在旁边（例如 {stem}.zh 旁边的 {stem}.en，行数相同）；在 {folder} 中没有找到</translation>
    </message>
    <message>
        <source>{path}: unsupported file type &quot;{suffix}&quot;; use {readable}</source>
        <translation>{path}：不支持的文件类型“{suffix}”；请使用{readable}</translation>
    </message>
    <message>
        <source>no extension</source>
        <translation>无扩展名</translation>
    </message>
    <message>
        <source>a .tsv/.csv file (prompt, answer), a .jsonl file with prompt and answer keys, a text file of &apos;prompt -&gt; answer&apos; lines, or a text file of prompts alone</source>
        <translation>一个 .tsv/.csv 文件（提示, 答案）、一个带 prompt 和 answer 键的 .jsonl 文件、一个由 &apos;prompt -&gt; answer&apos; 行组成的文本文件，或一个只有提示的文本文件</translation>
    </message>
    <message>
        <source>columns beyond the second ignored</source>
        <translation>第二列之后的列已忽略</translation>
    </message>
    <message>
        <source>{path}: no such file or folder; give the path of your prompts file</source>
        <translation>{path}：没有这个文件或文件夹；请给出你的提示文件的路径</translation>
    </message>
    <message>
        <source>{path}: is a folder; give the path of one file ({readable})</source>
        <translation>{path}：是文件夹；请给出一个文件的路径（{readable}）</translation>
    </message>
    <message>
        <source>{path}: no usable prompt; {hint}</source>
        <translation>{path}：没有可用的提示；{hint}</translation>
    </message>
    <message>
        <source>read as {layout}</source>
        <translation>读取方式：{layout}</translation>
    </message>
    <message>
        <source>no answers: rewards that need one are refused, no warm-up</source>
        <translation>没有答案：需要答案的奖励会被拒绝，也没有预热</translation>
    </message>
    <message>
        <source>JSON lines</source>
        <translation>JSON 行</translation>
    </message>
    <message>
        <source>CSV (prompt, answer)</source>
        <translation>CSV（提示, 答案）</translation>
    </message>
    <message>
        <source>tab-separated (prompt, answer)</source>
        <translation>制表符分隔（提示, 答案）</translation>
    </message>
    <message>
        <source>&apos;prompt -&gt; answer&apos; lines</source>
        <translation>&apos;prompt -&gt; answer&apos; 行</translation>
    </message>
    <message>
        <source>&apos;prompt =&gt; answer&apos; lines</source>
        <translation>&apos;prompt =&gt; answer&apos; 行</translation>
    </message>
    <message>
        <source>prompts alone, one a line</source>
        <translation>只有提示，每行一个</translation>
    </message>
    <message>
        <source>{n} prompts have several acceptable answers</source>
        <translation>{n} 个提示有多个可接受的答案</translation>
    </message>
    <message>
        <source>{n} lines repeated a prompt with another answer, merged as more acceptable answers ({lines})</source>
        <translation>{n} 行重复了某个提示但答案不同，已合并为更多可接受的答案（{lines}）</translation>
    </message>
    <message>
        <source>{n} line repeated a prompt with another answer, merged as more acceptable answers ({lines})</source>
        <translation>{n} 行重复了某个提示但答案不同，已合并为更多可接受的答案（{lines}）</translation>
    </message>
    <message>
        <source>the file is empty: give {readable}</source>
        <translation>文件为空：请给出{readable}</translation>
    </message>
    <message>
        <source>the file is not UTF-8: save it as UTF-8</source>
        <translation>文件不是 UTF-8 编码：请保存为 UTF-8</translation>
    </message>
    <message>
        <source>give each JSON object a prompt key ({keys})</source>
        <translation>请给每个 JSON 对象一个提示键（{keys}）</translation>
    </message>
    <message>
        <source>every line needs a prompt before its answer</source>
        <translation>每一行的答案前面都需要有提示</translation>
    </message>
    <message>
        <source>give every prompt its answer, or none at all</source>
        <translation>请给每个提示都配上答案，或者全都不配</translation>
    </message>
    <message>
        <source>give every prompt a non-empty answer</source>
        <translation>请给每个提示一个非空的答案</translation>
    </message>
    <message>
        <source>raise task.max_prompt_chars / task.max_answer_chars or shorten them</source>
        <translation>请提高 task.max_prompt_chars / task.max_answer_chars，或把它们缩短</translation>
    </message>
    <message>
        <source>the file repeats one line</source>
        <translation>文件重复了同一行</translation>
    </message>
    <message>
        <source>a line holds one prompt and its answer: split the long ones</source>
        <translation>一行包含一条提示及其答案：请拆分过长的行</translation>
    </message>
    <message>
        <source>{summary}; {fix} (read as {layout})</source>
        <translation>{summary}；{fix}（读取方式：{layout}）</translation>
    </message>
    <message>
        <source>{summary}; {fix}</source>
        <translation>{summary}；{fix}</translation>
    </message>
    <message>
        <source>task.classes: unknown shape {name}; choose from {shapes}</source>
        <translation>task.classes：未知形状 {name}；请从 {shapes} 中选择</translation>
    </message>
    <message>
        <source>task.classes: need at least two different shapes, got {classes}</source>
        <translation>task.classes：至少需要两种不同的形状，当前为 {classes}</translation>
    </message>
    <message>
        <source>kind &quot;{kind}&quot;: expected one of {kinds}</source>
        <translation>类型 &quot;{kind}&quot;：应为 {kinds} 之一</translation>
    </message>
    <message>
        <source>id {id} is outside this tokenizer&apos;s vocabulary of {n}; was the model built with a different tokenizer?</source>
        <translation>id {id} 超出了这个分词器大小为 {n} 的词表；模型是不是用别的分词器构建的？</translation>
    </message>
    <message>
        <source>a saved tokenizer is a mapping, got {type}</source>
        <translation>保存的分词器应是映射，当前是 {type}</translation>
    </message>
    <message>
        <source>saved tokenizer: kind &quot;{kind}&quot; is not one of {kinds}; the file is damaged or from another program</source>
        <translation>保存的分词器：类型 &quot;{kind}&quot; 不是 {kinds} 之一；文件已损坏或来自别的程序</translation>
    </message>
    <message>
        <source>saved tokenizer: format {format} with specials {specials} is not this version&apos;s (format {ours}, {our_specials}); retrain it</source>
        <translation>保存的分词器：格式 {format}、特殊词元 {specials} 不是这个版本的（格式 {ours}，{our_specials}）；请重新训练</translation>
    </message>
    <message>
        <source>saved tokenizer: &apos;tags&apos; must be a list of strings</source>
        <translation>保存的分词器：&apos;tags&apos; 必须是字符串列表</translation>
    </message>
    <message>
        <source>saved char tokenizer: &apos;chars&apos; must be a list of characters</source>
        <translation>保存的字符分词器：&apos;chars&apos; 必须是字符列表</translation>
    </message>
    <message>
        <source>saved BPE tokenizer cannot be read ({reason}); retrain it</source>
        <translation>无法读取保存的 BPE 分词器（{reason}）；请重新训练</translation>
    </message>
    <message>
        <source>saved BPE tokenizer: special tokens are not at ids 0-3; retrain it</source>
        <translation>保存的 BPE 分词器：特殊词元不在 id 0-3；请重新训练</translation>
    </message>
    <message>
        <source>tag {tag}: a tag is written &lt;name&gt;, without spaces</source>
        <translation>标记 {tag}：标记写作 &lt;name&gt;，不含空格</translation>
    </message>
    <message>
        <source>tags {tags}: each tag once</source>
        <translation>标记 {tags}：每个标记只出现一次</translation>
    </message>
    <message>
        <source>vocab_size={n}: must exceed the {specials} special tokens (e.g. 2000)</source>
        <translation>vocab_size={n}：必须大于 {specials} 个特殊词元（例如 2000）</translation>
    </message>
    <message>
        <source>min_frequency={n}: must be at least 1</source>
        <translation>min_frequency={n}：至少为 1</translation>
    </message>
    <message>
        <source>no text to train a tokenizer on: give at least one non-empty string</source>
        <translation>没有可用来训练分词器的文本：请至少给一个非空字符串</translation>
    </message>
    <message>
        <source>grid size {size} (canvas {canvas}) is not possible: the size must be at least {n} with a key and door and at most the canvas; change task.size / task.min_size</source>
        <translation>网格大小 {size}（画布 {canvas}）不可行：有钥匙和门时大小至少为 {n}，且不超过画布；请修改 task.size / task.min_size</translation>
    </message>
    <message>
        <source>grid size {size} (canvas {canvas}) is not possible: the size must be at least {n} and at most the canvas; change task.size / task.min_size</source>
        <translation>网格大小 {size}（画布 {canvas}）不可行：大小至少为 {n}，且不超过画布；请修改 task.size / task.min_size</translation>
    </message>
    <message>
        <source>level seed must be a non-negative integer, got {seed}</source>
        <translation>关卡种子必须是非负整数，当前为 {seed}</translation>
    </message>
    <message>
        <source>no solvable {size}x{size} level within {steps} steps after 200 draws (wall density {walls}, lava density {lava}); lower the densities or raise task.max_steps</source>
        <translation>抽了 200 次也没有得到 {steps} 步之内可解的 {size}x{size} 关卡（墙密度 {walls}，岩浆密度 {lava}）；请降低密度或提高 task.max_steps</translation>
    </message>
    <message>
        <source>examples must be at least 1, got {n}</source>
        <translation>样本数至少为 1，当前为 {n}</translation>
    </message>
    <message>
        <source>{task}: no held-out problems to check the export on; raise data.valid_fraction</source>
        <translation>{task}：没有留出的题目可用来检查导出；请提高 data.valid_fraction</translation>
    </message>
    <message>
        <source>translation: no held-out pairs to check the export on; raise data.valid_fraction</source>
        <translation>translation：没有留出的句对可用来检查导出；请提高 data.valid_fraction</translation>
    </message>
    <message>
        <source>shapes: no held-out images to check the export on; raise data.valid_fraction</source>
        <translation>shapes：没有留出的图像可用来检查导出；请提高 data.valid_fraction</translation>
    </message>
    <message>
        <source>the {task} task has no ONNX export yet; export a run of a shipped preset&apos;s task</source>
        <translation>{task} 任务还不支持 ONNX 导出；请导出自带预设所用任务的运行</translation>
    </message>
    <message>
        <source>the {exporter} exporter could not convert the {graph} graph ({error}: {first}); try the other exporter (exporter=&apos;dynamo&apos; or &apos;torchscript&apos;)</source>
        <translation>{exporter} 导出器无法转换 {graph} 图（{error}：{first}）；请试试另一个导出器（exporter=&apos;dynamo&apos; 或 &apos;torchscript&apos;）</translation>
    </message>
    <message>
        <source>the export was altered or damaged: export the run again (grpo-studio export RUN_DIR)</source>
        <translation>导出被改动过或已损坏：请重新导出这次运行（grpo-studio export RUN_DIR）</translation>
    </message>
    <message>
        <source>{path}: is {size}, more than {bound}; {again}</source>
        <translation>{path}：大小为 {size}，超过了{bound}；{again}</translation>
    </message>
    <message>
        <source>{path}: is not an ONNX graph ({reason}); {again}</source>
        <translation>{path}：不是 ONNX 图（{reason}）；{again}</translation>
    </message>
    <message>
        <source>its initializer {name}</source>
        <translation>它的初始化器 {name}</translation>
    </message>
    <message>
        <source>its tensor {name}</source>
        <translation>它的张量 {name}</translation>
    </message>
    <message>
        <source>its {op} node {name}</source>
        <translation>它的 {op} 节点 {name}</translation>
    </message>
    <message>
        <source>its {op} node</source>
        <translation>它的 {op} 节点</translation>
    </message>
    <message>
        <source>{path}: {what} makes a tensor of {size}, more than {bound}; {again}</source>
        <translation>{path}：{what}会生成 {size} 的张量，超过了{bound}；{again}</translation>
    </message>
    <message>
        <source>{run}: its model is the studio&apos;s own {arch}, not a Hugging Face model; export it to ONNX instead (grpo-studio export)</source>
        <translation>{run}：它的模型是工作室自己的 {arch}，不是 Hugging Face 模型；请改为导出到 ONNX（grpo-studio export）</translation>
    </message>
    <message>
        <source>the {graph} graph fails onnx.checker ({reason}); try exporter=&apos;dynamo&apos;</source>
        <translation>{graph} 图没有通过 onnx.checker（{reason}）；请试试 exporter=&apos;dynamo&apos;</translation>
    </message>
    <message>
        <source>onnxruntime cannot run the exported graphs ({error}: {reason}); nothing was written. Try exporter=&apos;dynamo&apos; or report it</source>
        <translation>onnxruntime 无法运行导出的图（{error}：{reason}）；什么也没有写出。请试试 exporter=&apos;dynamo&apos;，或报告这个问题</translation>
    </message>
    <message>
        <source>the exported graphs do not match the PyTorch model ({summary}; tokenizers agree: {agree}; limit {limit}); nothing was written. Try exporter=&apos;dynamo&apos; or report it</source>
        <translation>导出的图与 PyTorch 模型不一致（{summary}；分词器一致：{agree}；限度 {limit}）；什么也没有写出。请试试 exporter=&apos;dynamo&apos;，或报告这个问题</translation>
    </message>
    <message>
        <source>onnxruntime cannot run the int8 graphs ({error}: {reason}); export without the int8 option</source>
        <translation>onnxruntime 无法运行 int8 图（{error}：{reason}）；请不带 int8 选项导出</translation>
    </message>
    <message>
        <source>{path}: the export is a folder of files (graphs, example_onnx.py, README.md), not one .onnx file; give a folder, e.g. {folder}</source>
        <translation>{path}：导出是一个包含多个文件的文件夹（图、example_onnx.py、README.md），不是单个 .onnx 文件；请给出一个文件夹，例如 {folder}</translation>
    </message>
    <message>
        <source>{path}: holds files that are not part of an export ({names}); an export replaces its whole folder, so give an empty or new folder, or one an earlier export wrote (--out)</source>
        <translation>{path}：含有不属于导出的文件（{names}）；导出会替换整个文件夹，所以请给出一个空的或新的文件夹，或之前导出写过的文件夹（--out）</translation>
    </message>
    <message>
        <source>cannot write the export to {path}: {reason}; choose a folder you can write to (--out)</source>
        <translation>无法把导出写入 {path}：{reason}；请选择一个你能写入的文件夹（--out）</translation>
    </message>
    <message>
        <source>int8 quantization of the {graph} graph failed ({error}: {reason}); export without the int8 option</source>
        <translation>{graph} 图的 int8 量化失败（{error}：{reason}）；请不带 int8 选项导出</translation>
    </message>
    <message>
        <source>{size} free</source>
        <translation>剩余 {size}</translation>
    </message>
    <message>
        <source>its free space unknown</source>
        <translation>剩余空间未知</translation>
    </message>
    <message>
        <source>could not write {path}: {reason}; free some disk space on the disk at {disk} ({free}) or use a folder on another disk ({where}). Files saved earlier are intact.</source>
        <translation>无法写入 {path}：{reason}；请在 {disk} 所在的磁盘上腾出一些空间（{free}），或使用另一块磁盘上的文件夹（{where}）。之前保存的文件完好无损。</translation>
    </message>
    <message>
        <source>could not write {path}: {reason}; check the folder&apos;s permissions. Files saved earlier are intact.</source>
        <translation>无法写入 {path}：{reason}；请检查文件夹的权限。之前保存的文件完好无损。</translation>
    </message>
    <message>
        <source>could not write {path}: its file name is {n} bytes long, and a file name may have at most {most}; choose a shorter name. Files saved earlier are intact.</source>
        <translation>无法写入 {path}：它的文件名长 {n} 字节，而文件名最多 {most} 字节；请选择更短的名称。之前保存的文件完好无损。</translation>
    </message>
    <message>
        <source>cannot write to {path}: {reason}; choose a folder you can write to (--save_dir)</source>
        <translation>无法写入 {path}：{reason}；请选择一个你能写入的文件夹（--save_dir）</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>not a plain file</source>
        <translation>非普通文件</translation>
    </message>
    <message>
        <source>{path}: is {what}, not a file; the studio reads and writes only plain files there: replace it with the file, or delete it</source>
        <translation>{path}：是{what}，不是文件；工作室在那里只读写普通文件：请用文件替换它，或删除它</translation>
    </message>
    <message>
        <source>{size} left under this process&apos;s memory limit</source>
        <translation>这个进程的内存上限下还剩 {size}</translation>
    </message>
    <message>
        <source>{size} of RAM available</source>
        <translation>可用内存 {size}</translation>
    </message>
    <message>
        <source>{path}: is {size}, which takes about {read} once read, more than {bound}; {fix}</source>
        <translation>{path}：大小为 {size}，读入后约占 {read}，超过了{bound}；{fix}</translation>
    </message>
    <message>
        <source>{path}: is {size}, larger than {what}; it is not one the studio wrote: check that it is the right file</source>
        <translation>{path}：大小为 {size}，比{what}还大；它不是工作室写的：请确认文件是否正确</translation>
    </message>
    <message>
        <source>{path}: is a link to {real}, outside {folder}; the studio never writes, prunes or reads through a link that leaves the folder: replace the link with what it names (a copy), or delete it</source>
        <translation>{path}：是指向 {folder} 之外的 {real} 的链接；工作室从不通过离开文件夹的链接写入、修剪或读取：请用它指向的内容（一个副本）替换这个链接，或删除它</translation>
    </message>
    <message>
        <source>training.device: cuda was asked for but no CUDA GPU is available; use --device cpu (or auto)</source>
        <translation>training.device：要求使用 cuda，但没有可用的 CUDA GPU；请使用 --device cpu（或 auto）</translation>
    </message>
    <message>
        <source>training.amp: fp16 needs a CUDA GPU (its gradient scaler is CUDA only); use bf16 on the CPU, or off</source>
        <translation>training.amp：fp16 需要 CUDA GPU（它的梯度缩放器只支持 CUDA）；在 CPU 上请用 bf16，或关闭</translation>
    </message>
    <message>
        <source>the {size} of this machine&apos;s GPU ({gpu})</source>
        <translation>这台机器 GPU（{gpu}）的 {size}</translation>
    </message>
    <message>
        <source>this machine&apos;s {size} of RAM</source>
        <translation>这台机器的 {size} 内存</translation>
    </message>
    <message>
        <source>a batch of {n} cannot be split evenly over {world} processes; use a batch size that is a multiple of {world}</source>
        <translation>大小为 {n} 的批次无法平均分给 {world} 个进程；请使用 {world} 的倍数作为批大小</translation>
    </message>
    <message>
        <source>WORLD_SIZE, RANK and LOCAL_RANK must be integers ({reason}); launch with torchrun</source>
        <translation>WORLD_SIZE、RANK 和 LOCAL_RANK 必须是整数（{reason}）；请用 torchrun 启动</translation>
    </message>
    <message>
        <source>RANK {rank} is outside WORLD_SIZE {world}; launch with torchrun, which sets both</source>
        <translation>RANK {rank} 超出了 WORLD_SIZE {world}；请用 torchrun 启动，它会设置这两者</translation>
    </message>
    <message>
        <source>LOCAL_RANK {rank} needs GPU {rank}, but this machine has {gpus}; start at most that many processes per machine (--nproc_per_node) or train on the CPU (--device cpu)</source>
        <translation>LOCAL_RANK {rank} 需要 GPU {rank}，但这台机器只有 {gpus} 个；每台机器最多启动这么多进程（--nproc_per_node），或在 CPU 上训练（--device cpu）</translation>
    </message>
    <message>
        <source>distributed training runs on cpu or cuda, not {device}; use --device cpu</source>
        <translation>分布式训练在 cpu 或 cuda 上运行，不支持 {device}；请使用 --device cpu</translation>
    </message>
    <message>
        <source>{key}: {size} per step cannot be split evenly over {world} processes; set it to a multiple of {world} (e.g. {example}) or change --nproc_per_node</source>
        <translation>{key}：每步 {size} 无法平均分给 {world} 个进程；请设为 {world} 的倍数（例如 {example}），或修改 --nproc_per_node</translation>
    </message>
    <message>
        <source>{path}: was trained by {saved} process, not {world}; resume it without torchrun, or start a new run</source>
        <translation>{path}：是由 {saved} 个进程训练的，不是 {world} 个；请不用 torchrun 继续它，或开始新的运行</translation>
    </message>
    <message>
        <source>{path}: was trained by {saved} processes, not {world}; resume it under torchrun with {saved} processes in all (nnodes x nproc_per_node), or start a new run</source>
        <translation>{path}：是由 {saved} 个进程训练的，不是 {world} 个；请在 torchrun 下用共 {saved} 个进程（nnodes x nproc_per_node）继续它，或开始新的运行</translation>
    </message>
    <message>
        <source>pynvml is not installed ({reason}); pip install nvidia-ml-py</source>
        <translation>未安装 pynvml（{reason}）；请运行 pip install nvidia-ml-py</translation>
    </message>
    <message>
        <source>NVML: {reason}</source>
        <translation>NVML: {reason}</translation>
    </message>
    <message>
        <source>NVML found no NVIDIA GPU</source>
        <translation>NVML 没有找到 NVIDIA GPU</translation>
    </message>
    <message>
        <source>GPU {index} does not exist (NVML sees {count})</source>
        <translation>GPU {index} 不存在（NVML 看到 {count} 个）</translation>
    </message>
    <message>
        <source>GPU reading failed: {reason}</source>
        <translation>读取 GPU 失败：{reason}</translation>
    </message>
    <message>
        <source>{size} (training.memory_budget)</source>
        <translation>{size}（training.memory_budget）</translation>
    </message>
    <message>
        <source>training.memory_budget: free reads the GPU&apos;s free memory through NVML, which failed ({reason}); give a size such as 6GB instead</source>
        <translation>training.memory_budget：“空闲”通过 NVML 读取 GPU 的空闲显存，但读取失败（{reason}）；请改写一个大小，如 6GB</translation>
    </message>
    <message>
        <source>the same examples per optimizer step, in more passes of fewer (slower, the same numbers)</source>
        <translation>每次优化器更新的样本数不变，分成更多、更小的批次（更慢，数值相同）</translation>
    </message>
    <message>
        <source>recompute blocks in the backward pass instead of keeping their activations (slower, the same numbers)</source>
        <translation>在反向传播中重算模块，而不保存其激活值（更慢，数值相同）</translation>
    </message>
    <message>
        <source>16-bit activations (slightly different numbers)</source>
        <translation>16 位激活值（数值略有不同）</translation>
    </message>
    <message>
        <source>fewer samples per prompt: this changes the algorithm (smaller groups, noisier advantages), so it comes last</source>
        <translation>每个提示的采样更少：这会改变算法（组更小，优势值噪声更大），所以放在最后</translation>
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
        <source>{part} {size}</source>
        <translation>{part} {size}</translation>
    </message>
    <message>
        <source>memory budget {budget}: the estimate, {estimate}, fits; nothing changed</source>
        <translation>内存预算 {budget}：估计 {estimate}，放得下；未做任何更改</translation>
    </message>
    <message>
        <source>memory budget {budget}: the estimate, {estimate}, does not fit; changed:</source>
        <translation>内存预算 {budget}：估计 {estimate}，放不下；已更改：</translation>
    </message>
    <message>
        <source>{changes}: {why}</source>
        <translation>{changes}：{why}</translation>
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
        <translation type="vanished">training.memory_budget：“{text}”不是内存大小</translation>
    </message>
    <message>
        <source>training.memory_budget: &quot;{text}&quot; is no memory at all</source>
        <translation type="vanished">training.memory_budget：“{text}”等于没有内存</translation>
    </message>
    <message>
        <source>write a size such as 4GB, 6 GB or 512MB (a plain number is GB), or free (what the GPU has free, on the CPU the RAM available), or leave it empty for no budget</source>
        <translation>请写一个大小，如 4GB、6 GB 或 512MB（只写数字即为 GB），或写“空闲”（GPU 当前空闲的显存，在 CPU 上为可用内存），或留空表示不设预算</translation>
    </message>
    <message>
        <source>training.memory_budget: free reads the GPU&apos;s free memory through NVML, which failed ({reason})</source>
        <translation type="vanished">training.memory_budget：“空闲”通过 NVML 读取 GPU 的空闲显存，但读取失败（{reason}）</translation>
    </message>
    <message>
        <source>give a size such as 6GB instead</source>
        <translation type="vanished">请改写一个大小，如 6GB</translation>
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
