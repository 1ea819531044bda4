export { siteGoneHook } from './site.hooks';
export { isTerminated, setTerminated } from './site.service';
