// The page objects: the panel's pages and widgets in the words a person
// would use, so that a test reads as the story it checks. They find things
// by role and accessible name, as the person perceives them.
export { BuildView, BuildsPage, RowMenu } from './builds.mjs';
export { ConfirmDialog } from './confirm.mjs';
export { Connection } from './connection.mjs';
export { DevTokenPage } from './dev-token.mjs';
export { ElementsHost } from './elements-host.mjs';
export { OpenHandoff } from './handoff.mjs';
export { EngineFile, IssuedToken, Sealing } from './issued-token.mjs';
export { Header } from './header.mjs';
export { LogPage } from './log.mjs';
export { Palette } from './palette.mjs';
export { Panel, openPanel } from './panel.mjs';
export { RecentIds } from './recent.mjs';
export { DomainAuthPage, SettingsPage } from './settings.mjs';
export { Shortcuts } from './shortcuts.mjs';
export { TokenCheck } from './token-check.mjs';
export { MadeToken, TokensMadePage } from './tokens.mjs';
