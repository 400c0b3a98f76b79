/**
 * Every text the product specification quotes, in one place, so the server and
 * the web app show exactly the same words.
 */
export const TEXTS = {
  productName: 'Segue',
  tagline: 'Plan, rehearse and flow together with Segue',

  // Session and accounts (spec sections 2, 4, 8)
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  registrationSuccess: 'Registration successful!',
  registrationFailed: 'Registration failed',
  logoutSuccess: 'Logged out successfully',
  logoutFailed: 'Logout failed',
  /** Beyond the spec: Logout without a connection (docs/DECISIONS.md, "Signing out offline"). */
  logoutOffline:
    'Signed out on this device. The server will end the session when the connection returns.',

  // Verify screen
  verifying: 'Verifying your email...',
  verified: 'Email verified! Redirecting...',
  invalidVerificationLink: 'Invalid verification link.',
  verificationFailed: 'Verification failed. Link may be expired or invalid.',

  // Verify reminder screen
  pleaseVerify: 'Please verify your email',
  verificationResent: 'Verification email resent!',
  couldNotResend: 'Could not resend verification email.',

  // Global chrome
  somethingWentWrong: 'Something went wrong.',
  tryAgain: 'Try Again',

  // Landing
  getStartedFree: 'Get Started Free',
  goToDashboard: 'Go to Dashboard',
  joinNow: 'Join Now',
  comingSoon: 'coming soon',

  // Dashboard
  welcome: 'Welcome',
  fallbackFirstName: 'User',
  noTeamSelected: 'No team selected',
  noTeamDescription: 'No team description provided.',

  // Find a Team, Create a Team (spec sections 2, 4, 8)
  joinRequestSent: 'Join request sent!',
  alreadyJoined: 'Already Joined',
  failedToSearchTeams: 'Failed to search teams.',
  failedToSendJoinRequest: 'Failed to send join request.',
  creating: 'Creating...',
  teamCreated: 'Team created successfully!',
  somethingWentWrongShort: 'Something went wrong',

  // Manage Team
  noTeamSelectedDot: 'No team selected.',
  accessDenied: 'Access Denied',
  mustBeAdmin: 'You must be an admin of this team to manage settings.',
  noDescriptionProvided: 'No description provided.',
  confirmTeamDeletion: 'Are you sure you want to delete this team? This action cannot be undone.',
  noPendingJoinRequests: 'No pending join requests.',
  confirmRemoveMember: 'Are you sure you want to remove this user from the team?',
  failedToUpdateTeam: 'Failed to update team',
  failedToLoadJoinRequests: 'Failed to load join requests',
  failedToProcessJoinRequest: 'Failed to process join request',
  userApproved: 'User approved and added to team',
  joinRequestDenied: 'Join request denied',
  userInvited: 'User invited and added to team',
  failedToAddUser: 'Failed to add user',
  failedToLoadUsers: 'Failed to load users',
  roleUpdated: 'Role updated',
  failedToUpdateRole: 'Failed to update role',
  userRemoved: 'User removed from team',
  failedToRemoveUser: 'Failed to remove user',
} as const;

/** Messages the server answers with, shown by the web app as they are. */
export const SERVER_ERRORS = {
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified: 'Please verify your email before logging in.',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  invalidEmail: 'Enter a valid email address.',
  nameRequired: 'Full name is required.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  unauthorized: 'You are not logged in.',
  verifyFirst: 'Please verify your email address first.',
  alreadyVerified: 'Your email is already verified.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request is too large.',
  unavailable: 'Segue is briefly unavailable. Please try again in a moment.',
  invalidInput: 'The request contains characters or values that are not allowed.',
  internal: 'Something went wrong on our side. Please try again.',
  registrationFailed: 'Registration failed',
  verificationFailed: 'Verification failed. Link may be expired or invalid.',
  mailFailed: 'The email could not be sent. Please try again later.',
  emailRequired: 'Email is required.',
  teamNotFound: 'Team not found.',
  adminRequired: 'You must be an admin of this team.',
  ownerRequired: 'Only the team owner can do this.',
  alreadyMember: 'You are already a member of this team.',
  alreadyRequested: 'You have already asked to join this team.',
  noPendingRequest: 'This person has no pending request to join the team.',
  notAMember: 'That person is not a member of this team.',
  ownerAlwaysAdmin: 'The team owner is always an admin.',
  ownerCannotBeRemoved: 'The team owner cannot be removed. Transfer ownership first.',
  ownerCannotLeave: 'Transfer ownership before leaving the team.',
  transferToSelf: 'Choose a member other than yourself.',
  transferToMember: 'Ownership can only go to a current member of the team.',
  teamHeaderInvalid: 'X-Team-ID does not name a team you belong to.',
} as const;
