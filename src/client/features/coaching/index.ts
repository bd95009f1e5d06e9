export { CoachingQueuePanel } from './components/coaching-queue-panel';
