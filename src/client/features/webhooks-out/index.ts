// The outgoing webhooks feature's public surface for other features; the rest of the folder is internal.
export { WebhooksGuide } from './components/webhooks-guide';
