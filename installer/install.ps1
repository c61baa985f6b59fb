<#
.SYNOPSIS
GRPO Studio installer for Windows.

.DESCRIPTION
Creates a virtual environment in a per-user folder (%LOCALAPPDATA%\grpo-studio\venv),
installs the PyTorch build that fits the machine (CUDA when an NVIDIA driver answers
nvidia-smi, CPU otherwise), installs the studio from the repository this script sits in
(or a given folder or wheel), adds the environment's Scripts folder to the user PATH and a
Start-menu shortcut with the studio's icon. Everything it adds outside the environment is
listed in a manifest, so -Uninstall removes exactly that. Re-running it upgrades in place.
Each option can also be given as an environment variable (named below); installer/README.md
explains them.

.PARAMETER Prefix
Install folder; the environment goes in Prefix\venv (GRPO_STUDIO_HOME).
.PARAMETER Python
Python 3.11 or newer to build the environment from (GRPO_STUDIO_PYTHON). Default: the
py launcher's newest 3.11+, then python on PATH.
.PARAMETER Torch
auto, cpu, cuda or skip (GRPO_STUDIO_TORCH_BUILD). auto: cuda when nvidia-smi finds a GPU.
.PARAMETER TorchSpec
pip requirement for PyTorch, e.g. "torch==2.13.0" (GRPO_STUDIO_TORCH; default "torch").
.PARAMETER TorchIndex
Package index for PyTorch, or "default" for pip's own configuration
(GRPO_STUDIO_TORCH_INDEX). Default: PyTorch's CUDA index for cuda (PyPI's Windows wheels
are CPU builds), pip's configuration for cpu.
.PARAMETER Source
Repository folder or .whl to install the studio from (GRPO_STUDIO_SOURCE).
.PARAMETER NoShortcut
No Start-menu shortcut and no PATH entry.
.PARAMETER Uninstall
Remove what an earlier run added (same -Prefix). Runs in the install folder are kept.

.EXAMPLE
powershell -ExecutionPolicy Bypass -File installer\install.ps1
.EXAMPLE
powershell -ExecutionPolicy Bypass -File installer\install.ps1 -Uninstall
#>
[CmdletBinding()]
param(
    [string]$Prefix = $env:GRPO_STUDIO_HOME,
    [string]$Python = $env:GRPO_STUDIO_PYTHON,
    [string]$Torch = $env:GRPO_STUDIO_TORCH_BUILD,
    [string]$TorchSpec = $env:GRPO_STUDIO_TORCH,
    [string]$TorchIndex = $env:GRPO_STUDIO_TORCH_INDEX,
    [string]$Source = $env:GRPO_STUDIO_SOURCE,
    [switch]$NoShortcut,
    [switch]$Uninstall
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

# PyTorch's CUDA wheels for Windows; check https://pytorch.org/get-started/locally/ for the
# CUDA versions a release is built for, and pass another with -TorchIndex if needed.
$CudaIndex = 'https://download.pytorch.org/whl/cu128'

function Say([string]$Message) { Write-Host "grpo-studio install: $Message" }
function Fail([string]$Message) {
    Write-Host "grpo-studio install: error: $Message" -ForegroundColor Red
    exit 1
}

# A native program's exit code, its output discarded. Windows PowerShell 5.1 turns a
# program's stderr into errors under 'Stop', so warnings printed there must not abort.
function Invoke-Quiet([string]$Exe, [string[]]$ArgList) {
    $old = $ErrorActionPreference
    $ErrorActionPreference = 'Continue'
    try { & $Exe @ArgList *> $null; $code = $LASTEXITCODE }
    catch { $code = 1 }
    finally { $ErrorActionPreference = $old }
    return $code
}

if (-not $Prefix) { $Prefix = Join-Path $env:LOCALAPPDATA 'grpo-studio' }
if (-not $Torch) { $Torch = 'auto' }
if (-not $TorchSpec) { $TorchSpec = 'torch' }
if (-not $Source) { $Source = Split-Path -Parent $PSScriptRoot }
if ($Torch -notin @('auto', 'cpu', 'cuda', 'skip')) {
    Fail "-Torch must be auto, cpu, cuda or skip, got '$Torch'"
}

$Venv = Join-Path $Prefix 'venv'
$Manifest = Join-Path $Prefix 'install-manifest.txt'
$Scripts = Join-Path $Venv 'Scripts'
$VenvPython = Join-Path $Scripts 'python.exe'
$StartMenu = Join-Path ([Environment]::GetFolderPath('Programs')) 'GRPO Studio.lnk'

# ---- the manifest: one "KIND<TAB>VALUE" line per thing added outside the environment
# (file: a file path; path: a folder added to the user PATH)

function Read-Manifest {
    if (-not (Test-Path -LiteralPath $Manifest)) { return @() }
    return @(Get-Content -LiteralPath $Manifest | Where-Object { $_ -match "`t" })
}

function Add-ManifestEntry([string]$Kind, [string]$Value) {
    $line = "$Kind`t$Value"
    if ((Read-Manifest) -notcontains $line) {
        Add-Content -LiteralPath $Manifest -Value $line -Encoding UTF8
    }
}

function Get-UserPath { [Environment]::GetEnvironmentVariable('Path', 'User') }

function Remove-FromUserPath([string]$Folder) {
    $parts = @((Get-UserPath) -split ';' | Where-Object { $_ -and ($_ -ne $Folder) })
    [Environment]::SetEnvironmentVariable('Path', ($parts -join ';'), 'User')
}

# ---- uninstall

if ($Uninstall) {
    if (-not (Test-Path -LiteralPath $Manifest)) {
        Say "nothing to remove: no manifest at $Manifest (was it installed with another -Prefix?)"
        exit 0
    }
    foreach ($line in Read-Manifest) {
        $kind, $value = $line -split "`t", 2
        if ($kind -eq 'file' -and (Test-Path -LiteralPath $value)) {
            Remove-Item -LiteralPath $value -Force
            Say "removed $value"
        }
        elseif ($kind -eq 'path') {
            Remove-FromUserPath $value
            Say "removed $value from your PATH"
        }
    }
    if (Test-Path -LiteralPath $Venv) {
        Remove-Item -LiteralPath $Venv -Recurse -Force
        Say "removed $Venv"
    }
    Remove-Item -LiteralPath $Manifest -Force
    if (@(Get-ChildItem -LiteralPath $Prefix -Force).Count -eq 0) {
        Remove-Item -LiteralPath $Prefix -Force
        Say "removed $Prefix"
    }
    else {
        Say "kept ${Prefix}: it holds your runs or other files; delete it yourself if unwanted"
    }
    Say 'uninstalled'
    exit 0
}

# ---- Python 3.11 or newer

function Get-PythonVersion([string[]]$Command) {
    $exe = $Command[0]
    $rest = @($Command | Select-Object -Skip 1)
    $old = $ErrorActionPreference
    $ErrorActionPreference = 'Continue'
    try {
        $out = "$(& $exe @rest -c "import sys; print('%d.%d' % sys.version_info[:2])" 2>$null)".Trim()
        if ($LASTEXITCODE -eq 0 -and $out -match '^\d+\.\d+$') { return [version]$out }
    }
    catch { }
    finally { $ErrorActionPreference = $old }
    return $null
}

$Need = [version]'3.11'
$PythonCmd = $null
if ($Python) {
    $found = Get-PythonVersion @($Python)
    if (-not $found) { Fail "'$Python' does not run as Python; give -Python the path of python.exe" }
    if ($found -lt $Need) {
        Fail ("GRPO Studio needs Python 3.11 or newer; '$Python' is $found. Install a newer " +
            'Python from python.org (or: winget install Python.Python.3.12) and pass it with -Python.')
    }
    $PythonCmd = @($Python)
}
else {
    $seen = @()
    # The py launcher knows every installed Python; `python` may be the Store's stub.
    foreach ($name in @('py -3.13', 'py -3.12', 'py -3.11', 'python')) {
        $candidate = @($name -split ' ')
        if (-not (Get-Command $candidate[0] -ErrorAction SilentlyContinue)) { continue }
        $found = Get-PythonVersion $candidate
        if (-not $found) { continue }
        if ($found -ge $Need) { $PythonCmd = $candidate; break }
        $seen += "$name ($found)"
    }
    if (-not $PythonCmd) {
        $list = if ($seen) { $seen -join ', ' } else { 'none' }
        Fail ("GRPO Studio needs Python 3.11 or newer; found: $list. Install one from " +
            'python.org (or: winget install Python.Python.3.12) and pass it with -Python.')
    }
}
Say "using $($PythonCmd -join ' ') (Python $found)"

# ---- what to install from

if (Test-Path -LiteralPath $Source -PathType Container) {
    if (-not (Test-Path -LiteralPath (Join-Path $Source 'pyproject.toml'))) {
        Fail "$Source has no pyproject.toml; -Source takes the studio's repository or a wheel"
    }
    $Source = (Resolve-Path -LiteralPath $Source).Path
}
elseif (Test-Path -LiteralPath $Source -PathType Leaf) {
    if ($Source -notlike '*.whl') { Fail "-Source $Source is a file but not a .whl wheel" }
}
else {
    Fail "-Source $Source does not exist; give the repository folder or a .whl file"
}

# ---- the environment (reused when it still works, so a re-run upgrades in place)

New-Item -ItemType Directory -Force -Path $Prefix | Out-Null
$works = $false
if (Test-Path -LiteralPath $VenvPython) {
    $works = ((Invoke-Quiet $VenvPython @('-c', 'import sys')) -eq 0)
}
if ($works) {
    Say "upgrading the environment in $Venv"
}
else {
    Say "creating the environment in $Venv"
    $exe = $PythonCmd[0]
    $rest = @($PythonCmd | Select-Object -Skip 1)
    & $exe @rest -m venv --clear $Venv | Out-Host
    if ($LASTEXITCODE -ne 0) { Fail "could not create a virtual environment in $Venv" }
}

function Invoke-Pip([string[]]$PipArgs) {
    # pip's progress goes to the screen, not into this function's return value.
    $old = $ErrorActionPreference
    $ErrorActionPreference = 'Continue'
    try { & $VenvPython -m pip install --upgrade @PipArgs 2>&1 | Out-Host; $code = $LASTEXITCODE }
    finally { $ErrorActionPreference = $old }
    return ($code -eq 0)
}

# ---- PyTorch: CUDA when an NVIDIA driver answers, CPU otherwise

if ($Torch -eq 'auto') {
    $Torch = 'cpu'
    $smi = Get-Command nvidia-smi -ErrorAction SilentlyContinue
    if ($smi -and (Invoke-Quiet $smi.Source @('-L')) -eq 0) { $Torch = 'cuda' }
    Say "PyTorch build: $Torch (detected; choose with -Torch)"
}
if (-not $TorchIndex) { $TorchIndex = if ($Torch -eq 'cuda') { $CudaIndex } else { 'default' } }
if ($Torch -ne 'skip') {
    $pipArgs = @($TorchSpec)
    if ($TorchIndex -ne 'default') { $pipArgs += @('--index-url', $TorchIndex) }
    Say "installing PyTorch: $TorchSpec$(if ($TorchIndex -ne 'default') { " from $TorchIndex" })"
    if (-not (Invoke-Pip $pipArgs)) {
        Fail ('PyTorch did not install. Choose the build with -Torch cpu|cuda, the index with ' +
            '-TorchIndex, or the version with -TorchSpec (see installer\README.md)')
    }
}

# ---- the studio (torch is already satisfied, so pip leaves it as installed above)

Say "installing GRPO Studio from $Source"
if (-not (Invoke-Pip @($Source))) { Fail "GRPO Studio did not install from $Source (pip's message is above)" }
# pip reinstalls from a folder every time, but skips a wheel whose version is installed
# already: a rebuilt wheel of the same version must replace the old files.
if ($Source -like '*.whl' -and -not (Invoke-Pip @('--force-reinstall', '--no-deps', $Source))) {
    Fail "could not reinstall $Source"
}
if ((Invoke-Quiet (Join-Path $Scripts 'grpo-studio.exe') @('presets')) -ne 0) {
    Fail "the studio installed but 'grpo-studio presets' failed; run it to see why: $Scripts\grpo-studio.exe presets"
}

# ---- PATH entry and Start-menu shortcut with the icon

if (-not $NoShortcut) {
    $userPath = Get-UserPath
    if (-not (($userPath -split ';') -contains $Scripts)) {
        $newPath = if ($userPath) { "$userPath;$Scripts" } else { $Scripts }
        [Environment]::SetEnvironmentVariable('Path', $newPath, 'User')
        Add-ManifestEntry 'path' $Scripts
        Say "added $Scripts to your PATH (new terminals will find grpo-studio)"
    }

    # Shortcuts take .ico icons: convert the studio's PNG with Pillow (a studio dependency).
    $icon = Join-Path $Prefix 'grpo-studio.ico'
    # No double quotes inside: Windows PowerShell 5.1 drops them from native arguments.
    $convert = "import sys, importlib.resources as r; from PIL import Image; " +
        "Image.open(r.files('studio.resources') / 'icon.png').save(sys.argv[1], " +
        "sizes=[(16, 16), (32, 32), (48, 48), (256, 256)])"
    # -I: run from the repository, the current folder's studio\ would shadow the installed one.
    & $VenvPython -I -c $convert $icon
    if ($LASTEXITCODE -ne 0) { Fail "could not write the icon $icon" }
    Add-ManifestEntry 'file' $icon

    $shell = New-Object -ComObject WScript.Shell
    $link = $shell.CreateShortcut($StartMenu)
    $link.TargetPath = Join-Path $Scripts 'grpo-studio-gui.exe'
    $link.WorkingDirectory = $env:USERPROFILE
    $link.IconLocation = "$icon,0"
    $link.Description = 'Train small models with GRPO and watch them learn'
    $link.Save()
    Add-ManifestEntry 'file' $StartMenu
    Say "Start-menu shortcut: $StartMenu"
}

Say 'done. Open GRPO Studio from the Start menu, or run: grpo-studio'
Say "uninstall with: powershell -ExecutionPolicy Bypass -File `"$PSCommandPath`" -Uninstall"
