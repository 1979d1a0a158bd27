package io.snowflakeid.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;

/** Worker ids derived from the host: a StatefulSet ordinal in the host name, or private IPv4 address bits. */
final class HostWorkerIds {

	private static final Pattern ORDINAL = Pattern.compile(".*-(\\d+)");

	private HostWorkerIds() {
	}

	/**
	 * The ordinal at the end of a host name: {@code orders-7} (or {@code orders-7.orders.shop.svc}) is 7.
	 * @throws SnowflakeConfigurationException if there is none or it does not fit the worker field
	 */
	static long fromHostnameOrdinal(String hostname, SnowflakeLayout layout) {
		String shortName = (hostname == null) ? "" : hostname.split("\\.", 2)[0];
		Matcher matcher = ORDINAL.matcher(shortName);
		String allowed = "0.." + layout.maxWorkerId() + " (" + layout.workerBits() + " worker bits)";
		if (!matcher.matches()) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.WORKER_ID + " from the host name",
					"'" + hostname + "' (no ordinal)", "a host name ending in -<ordinal> with the ordinal in " + allowed
							+ ", as in a Kubernetes StatefulSet (orders-0, orders-1, ...)");
		}
		String digits = matcher.group(1);
		long ordinal = (digits.length() > 18) ? Long.MAX_VALUE : Long.parseLong(digits);
		if (ordinal > layout.maxWorkerId()) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.WORKER_ID + " from the host name",
					ordinal + " (host " + hostname + ")", allowed,
					"Scale the StatefulSet to at most " + (layout.maxWorkerId() + 1) + " replicas or widen "
							+ SnowflakeSettings.WORKER_BITS);
		}
		return ordinal;
	}

	/** The host name: {@code HOSTNAME} (set in every Kubernetes pod), else the name the JVM resolves. */
	static String localHostname() {
		String env = System.getenv("HOSTNAME");
		if (env != null && !env.isBlank()) {
			return env.trim();
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot determine the host name for " + SnowflakeSettings.WORKER_ASSIGNMENT
					+ "=hostname-ordinal", ex);
		}
	}

	/**
	 * The low {@code bits} bits of an IPv4 address. Two hosts whose addresses agree in those bits get the same
	 * id: only safe in a network that is at most that big and where addresses are never reused concurrently.
	 */
	static long fromIpv4(InetAddress address, int bits) {
		if (!(address instanceof Inet4Address)) {
			throw new IllegalArgumentException("Not an IPv4 address: " + address);
		}
		byte[] octets = address.getAddress();
		long value = ((octets[0] & 0xFFL) << 24) | ((octets[1] & 0xFFL) << 16) | ((octets[2] & 0xFFL) << 8)
				| (octets[3] & 0xFFL);
		return (bits == 0) ? 0 : value & (-1L >>> (64 - bits));
	}

	/** The first site-local (10/8, 172.16/12, 192.168/16) IPv4 address of an interface that is up. */
	static InetAddress privateIpv4() {
		try {
			for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
				if (!nic.isUp() || nic.isLoopback()) {
					continue;
				}
				for (InetAddress address : Collections.list(nic.getInetAddresses())) {
					if (address instanceof Inet4Address && address.isSiteLocalAddress()) {
						return address;
					}
				}
			}
		}
		catch (SocketException ex) {
			throw new IllegalStateException("Cannot list network interfaces for " + SnowflakeSettings.WORKER_ASSIGNMENT
					+ "=ip-address", ex);
		}
		throw new IllegalStateException("No private IPv4 address found for " + SnowflakeSettings.WORKER_ASSIGNMENT
				+ "=ip-address; use database-lease, or static ids (" + SnowflakeSettings.WORKER_ASSIGNMENT + "=static with "
				+ SnowflakeSettings.DATACENTER_ID + " and " + SnowflakeSettings.WORKER_ID + ")");
	}
}
