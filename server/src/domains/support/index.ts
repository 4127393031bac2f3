/** Support (issue 20): feedback and live support, and the instance's public settings for the client. */
export { supportModule } from './support';
export { clientSettingsModule, clientSettingsOf } from './clientSettings';
