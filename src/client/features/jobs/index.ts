// The jobs feature's public surface for other features (with api.ts); the rest of the folder is internal.
export { BusinessJobs } from './components/business-jobs';
export { JobBoard } from './components/job-board';
export { JobPostingDialog } from './components/job-posting-dialog';
export { MyApplications } from './components/my-applications';
export { RecentApplications } from './components/recent-applications';
export { formatDate } from './format-date';
export { useDashboardEvents } from './use-dashboard-events';
