// The discounts feature's public surface for other features; the rest of the folder is internal.
export { MyCodeCards } from './components/my-code-cards';
