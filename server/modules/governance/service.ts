// The module's entry for other modules: governance of a project is split by concern (README.md);
// what the operator console uses is named here. The routes, the command line and the tests
// import the files themselves.

export { pinNotice, postNotice, projectOfNotice } from './notices';
export { hideCommunityPost, projectOfPost, restoreCommunityPost } from './community';
export { openAgenda, projectOfVoting } from './votings';
export { cancelProposal, closeVoting } from './closing';
export { noticesForOperator, projectChoices, reportedPosts, votingsForOperator } from './console';
