import { useNavigation } from "react-router";

/** A thin bar at the top of the window while the next page loads, announced to screen readers. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  return (
    <>
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand-500 transition-transform ease-out ${
          isBusy ? "scale-x-75 duration-[2000ms]" : "scale-x-0 duration-0"
        }`}
      />
      <p role="status" className="sr-only">
        {isBusy ? "Loading" : ""}
      </p>
    </>
  );
}
