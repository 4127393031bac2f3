import type { DomainModule } from '../module';
import { newSpaceOpensItsBoard } from './board';
import { boardMutations, boardQueries } from './boardResolvers';
import { taskSubscriptions } from './live';
import { pictureQueries } from './pictures';
import { tasksProjection } from './projection';
import { tasksTypeDefs } from './schema';
import { taskMutations } from './taskMutations';
import { taskQueries } from './taskQueries';

export { isAllowedImage } from './covers';
export { calendarDeadlines, type CalendarDeadline } from './calendarDeadlines';
export { type NotificationCreated, type TaskDeleted, type TaskMoved } from './events';
export type { TaskCreated, TaskUpdated } from './events';
export { notificationStream } from './notifications';
export { presentTasks } from './present';
export { tasksSearchSource } from './searchSource';
export { findTaskRow, toTaskState, type Reader } from './state';
export { registerBoardFieldReader } from './boardFieldReaders';
export { assignedTasks, assignedTasksWithDeadline, sectionOrders, taskFactsById, type TaskFact } from './teamTaskFacts';

export { registerCoverRoutes } from './covers';

/** Tasks: sections, tasks, subtasks, tags and sprints, covers, activity, notifications recorded, live board (issue 5). */
export const tasksModule: DomainModule = {
  name: 'tasks',
  typeDefs: tasksTypeDefs,
  resolvers: {
    Query: { ...boardQueries, ...taskQueries, ...pictureQueries },
    Mutation: { ...boardMutations, ...taskMutations },
    Subscription: taskSubscriptions,
  },
  projections: [tasksProjection],
  reactions: [newSpaceOpensItsBoard],
  access: {
    getStatesProject: 'spaceMember',
    createState: 'spaceMember',
    updateState: 'spaceMember',
    deleteState: 'spaceAdmin',
    updateStates: 'spaceMember',
    getTasks: 'spaceMember',
    getTask: 'spaceMember',
    getTaskActivity: 'spaceMember',
    setTask: 'spaceMember',
    ediTask: 'spaceMember',
    delTask: 'spaceMember',
    duplicateTask: 'spaceMember',
    followTask: 'spaceMember',
    unfollowTask: 'spaceMember',
    getTags: 'spaceMember',
    setTag: 'spaceMember',
    ediTag: 'spaceMember',
    delTag: 'spaceMember',
    suggestPics: 'signedIn',
    subTask: 'spaceMember',
  },
};
