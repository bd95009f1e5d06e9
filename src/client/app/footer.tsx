import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-bark-200 bg-bark-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-bark-700 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="font-semibold text-bark-900">HuntStaff</p>
          <p className="mt-2">The marketplace where hunting businesses and professional hunting staff build lasting partnerships.</p>
        </div>
        <nav aria-label="Product" className="flex flex-col gap-2">
          <Link to="/business-features" className="hover:text-forest-700">For Business</Link>
          <Link to="/pro-staff-features" className="hover:text-forest-700">For Pro Staff</Link>
          <Link to="/search" className="hover:text-forest-700">Browse Pro Staff</Link>
        </nav>
        <nav aria-label="Company" className="flex flex-col gap-2">
          <Link to="/help" className="hover:text-forest-700">Help Center</Link>
          <Link to="/contact" className="hover:text-forest-700">Contact Us</Link>
          <Link to="/privacy-policy" className="hover:text-forest-700">Privacy Policy</Link>
          <Link to="/terms-of-service" className="hover:text-forest-700">Terms of Service</Link>
        </nav>
      </div>
      {/* Prerendered at build time; the year may have turned since. */}
      <p className="pb-6 text-center text-xs text-bark-500" suppressHydrationWarning>© {new Date().getFullYear()} HuntStaff. All rights reserved.</p>
    </footer>
  );
}
