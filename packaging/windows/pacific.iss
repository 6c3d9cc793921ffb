; Inno Setup script of Pacific's Windows installer (Inno Setup 6). The workflow
; .github/workflows/bundle.yml compiles it after PyInstaller built the folder:
;   ISCC.exe /DAppVersion=0.1.0 /DSourceDir=<abs>\build\dist\pacific /DIconFile=<abs>\build\icons\pacific.ico
;            /O<abs>\dist packaging\windows\pacific.iss   (absolute paths: Inno Setup reads
;   relative ones from this script's folder)
; It installs that folder, a Start menu entry (and a desktop one if asked), and the .pacific
; saved-game file type opened by Pacific. Per user by default (no administrator needed); for all
; users from the first page's choice or /ALLUSERS.

#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=X.Y.Z
#endif
#ifndef SourceDir
  #define SourceDir "..\..\build\dist\pacific"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\icons\pacific.ico"
#endif
#define AppName "Pacific"
#define AppExe "pacific.exe"
#define SaveExt ".pacific"
#define SaveProgId "Pacific.SavedGame"

[Setup]
; The AppId ties upgrades and the uninstaller to Pacific: never change it.
AppId={{8E4D3F52-6C1B-4B7E-9A57-3D2F0C6E51A4}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Pacific project
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
LicenseFile=..\..\LICENSE
OutputBaseFilename=Pacific-{#AppVersion}-windows-x64-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; The saved-game type: .pacific files open in Pacific, with its icon (HKA: the current user's
; classes in a per-user install, the machine's in an all-users one).
Root: HKA; Subkey: "Software\Classes\{#SaveExt}\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "Pacific saved game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
