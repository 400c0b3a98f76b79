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
  internal: 'Something went wrong on our side. Please try again.',
  registrationFailed: 'Registration failed',
  verificationFailed: 'Verification failed. Link may be expired or invalid.',
  mailFailed: 'The email could not be sent. Please try again later.',
  emailRequired: 'Email is required.',
} as const;
