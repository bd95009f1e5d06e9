// The profiles feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { SocialTagSearch } from './components/social-tag-search';
