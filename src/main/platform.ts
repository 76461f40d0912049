/**
 * What the desktop shell offers the core beyond the browser: native file dialogs. The Electron
 * entry implements this port with `dialog.showSaveDialog` / `showOpenDialog`; the browser server
 * has none (files travel as downloads and uploads there). Tests pass a fake.
 */
export interface FileFilter {
  name: string
  extensions: string[]
}

export interface FileDialogs {
  /** Asks where to save a file; null when the GM cancels. */
  saveAs(input: { title: string; defaultName: string; filters: FileFilter[] }): Promise<string | null>
  /** Asks which file to open; null when the GM cancels. */
  open(input: { title: string; filters: FileFilter[] }): Promise<string | null>
  /** Asks for a folder (one can be made in the dialog); null when the GM cancels. */
  chooseFolder(input: { title: string; defaultPath?: string | undefined }): Promise<string | null>
}
