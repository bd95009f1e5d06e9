// The goals feature's public surface for other features; the rest of the folder is internal.
export { MyGoalsCard } from './components/my-goals-card';
export { GoalsSummaryCard, RosterGoalsSummary } from './components/goals-summary';
