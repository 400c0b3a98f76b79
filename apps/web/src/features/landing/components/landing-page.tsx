import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { JoinCallToAction } from './join-call-to-action.tsx';
import { ScreenshotsSection } from './screenshots-section.tsx';

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <ScreenshotsSection />
      <JoinCallToAction />
    </>
  );
}
