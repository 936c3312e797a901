import { describe, expect, it } from "vitest";
import {
  grantGoogleAnalytics,
  withdrawGoogleAnalytics,
  type GaHost,
} from "~/client/analytics/google-analytics";

// GA4 loads only after consent, with Consent Mode's defaults set before its script.

function fakeHost(hostname = "www.tools.example.com", cookies: string[] = []) {
  const log: string[] = [];
  const cookieWrites: string[] = [];
  const dataLayer: unknown[] = [];
  let jar = cookies;
  const host: GaHost = {
    window: {
      dataLayer: new Proxy(dataLayer, {
        get(target, property, receiver) {
          if (property === "push") {
            return (entry: IArguments) => {
              const [kind, action] = Array.from(entry);
              log.push(
                `dataLayer ${String(kind)} ${action instanceof Date ? "date" : String(action)}`,
              );
              return target.push(entry);
            };
          }
          return Reflect.get(target, property, receiver);
        },
      }),
    },
    document: {
      get cookie() {
        return jar.join("; ");
      },
      set cookie(value: string) {
        cookieWrites.push(value);
        jar = jar.filter((pair) => !pair.startsWith(`${value.split("=")[0]}=`));
      },
      head: { appendChild: (node) => log.push(`script ${(node as { src: string }).src}`) },
      createElement: () => ({ async: false, src: "" }),
      location: { hostname },
    },
  };
  return { host, log, cookieWrites, dataLayer };
}

describe("Google Analytics after consent", () => {
  it("pushes the denied defaults before adding gtag.js, then grants analytics storage", () => {
    const { host, log, dataLayer } = fakeHost();
    grantGoogleAnalytics("G-TEST123", host);
    expect(log).toEqual([
      "dataLayer consent default",
      "dataLayer js date",
      "dataLayer config G-TEST123",
      "script https://www.googletagmanager.com/gtag/js?id=G-TEST123",
      "dataLayer consent update",
    ]);
    expect(Array.from(dataLayer[0] as IArguments)[2]).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      security_storage: "granted",
    });
    expect(Array.from(dataLayer.at(-1) as IArguments)[2]).toEqual({ analytics_storage: "granted" });
    expect(Object.prototype.toString.call(dataLayer[0])).toBe("[object Arguments]");
    expect(host.window["ga-disable-G-TEST123"]).toBe(false);
  });

  it("adds the script once when consent is granted again", () => {
    const { host, log } = fakeHost();
    grantGoogleAnalytics("G-TEST123", host);
    withdrawGoogleAnalytics("G-TEST123", host);
    grantGoogleAnalytics("G-TEST123", host);
    expect(log.filter((line) => line.startsWith("script"))).toHaveLength(1);
    expect(log.at(-1)).toBe("dataLayer consent update");
  });

  it("on withdrawal denies storage, disables the tag and deletes its cookies on each domain", () => {
    const { host, log, cookieWrites, dataLayer } = fakeHost("www.tools.example.com", [
      "_ga=GA1.1.1",
      "_ga_ABC=GS1.1",
      "_gid=GA1.1.2",
      "theme=dark",
    ]);
    grantGoogleAnalytics("G-TEST123", host);
    withdrawGoogleAnalytics("G-TEST123", host);
    expect(log.at(-1)).toBe("dataLayer consent update");
    expect(Array.from(dataLayer.at(-1) as IArguments)[2]).toEqual({ analytics_storage: "denied" });
    expect(host.window["ga-disable-G-TEST123"]).toBe(true);
    expect(host.document.cookie).toBe("theme=dark");
    expect(cookieWrites.filter((write) => write.startsWith("_ga="))).toEqual([
      "_ga=; Max-Age=0; Path=/",
      "_ga=; Max-Age=0; Path=/; Domain=www.tools.example.com",
      "_ga=; Max-Age=0; Path=/; Domain=tools.example.com",
      "_ga=; Max-Age=0; Path=/; Domain=example.com",
    ]);
  });
});
