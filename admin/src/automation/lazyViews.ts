/** Automation's views, one chunk loaded when an Admin first opens one of them. */
export { RuleList, RuleCreate, RuleEdit } from './RuleViews';
export { RunList } from './RunList';
export { MacroList, MacroCreate, MacroEdit } from './MacroViews';
