package io.snowflakeid.zookeeper;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeConfigurationException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.proto.CreateRequest;

/**
 * The ACLs of the lease nodes: those the client's {@link ACLProvider} gives (Curator does not expose the provider,
 * but a create operation built through the client carries the ACL it chose), and the check that nodes made
 * beforehand do not let anyone undo them. A client that may delete a free pair node deletes its high-water mark: the
 * next holder could repeat ids, as after a lost write.
 */
final class LeaseAcls {

	/** What world:anyone must not hold on a pair node: rewrite it, delete its holder, or change its ACL. */
	static final int PAIR_UNSAFE = ZooDefs.Perms.WRITE | ZooDefs.Perms.DELETE | ZooDefs.Perms.ADMIN;

	/**
	 * What world:anyone must not hold on the base node: delete a pair node, create one (a node planted with an ACL
	 * of the stranger's choosing, which a claim would take as a free pair), or change the base's ACL.
	 */
	static final int BASE_UNSAFE = ZooDefs.Perms.CREATE | ZooDefs.Perms.DELETE | ZooDefs.Perms.ADMIN;

	private static final Id ANYONE = ZooDefs.Ids.ANYONE_ID_UNSAFE;

	private final CuratorFramework client;

	LeaseAcls(CuratorFramework client) {
		this.client = client;
	}

	/**
	 * The ACL the client's provider gives the node at {@code rawPath} (namespace included): the provider is asked
	 * with the path as the application's own creates on this client would ask it.
	 */
	List<ACL> forPath(String rawPath) {
		String namespace = this.client.getNamespace();
		String prefix = (namespace == null || namespace.isEmpty()) ? null : "/" + namespace;
		try {
			Op op = (prefix != null && rawPath.startsWith(prefix + "/"))
					? this.client.transactionOp().create().withMode(CreateMode.PERSISTENT)
						.forPath(rawPath.substring(prefix.length()), new byte[0]).get()
					: this.client.usingNamespace(null).transactionOp().create().withMode(CreateMode.PERSISTENT)
						.forPath(rawPath, new byte[0]).get();
			return ((CreateRequest) op.toRequestRecord()).getAcl();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot get the ACL of " + rawPath + " from the client's ACL provider: "
					+ ex.getMessage(), ex);
		}
	}

	/** The permissions of {@code unsafe} that {@code acl} grants to world:anyone, as letters; empty if none. */
	static String grantedToAnyone(List<ACL> acl, int unsafe) {
		int granted = 0;
		for (ACL entry : acl) {
			if (ANYONE.equals(entry.getId())) {
				granted |= entry.getPerms() & unsafe;
			}
		}
		return letters(granted);
	}

	/**
	 * Refuses a node made beforehand (by hand, by an earlier version of the library, or by a run whose client had
	 * another ACL provider) that lets anyone undo the lease nodes while the client's provider protects them.
	 */
	static void refuseOpen(String node, List<ACL> existing, int unsafe, List<ACL> intended) {
		String granted = grantedToAnyone(existing, unsafe);
		if (!granted.isEmpty()) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.PATH, "'" + node + "'",
					"a path whose nodes only this application's ZooKeeper identity may delete or change (the client's "
							+ "ACL provider protects the lease nodes)",
					"Node " + node + " grants world:anyone '" + granted + "' (made before the ACL provider or "
							+ ZooKeeperSettings.AUTH + " was set?): any client of the ensemble could delete a lease "
							+ "node and its high-water mark (or plant one with an ACL of its choosing). Give it the lease nodes' ACL (zkCli: setAcl " + node + " "
							+ describe(intended) + ", authenticated as this application), or use another "
							+ ZooKeeperSettings.PATH);
		}
	}

	/** An ACL as zkCli writes it: {@code scheme:id:perms,...}. */
	static String describe(List<ACL> acl) {
		List<String> parts = new ArrayList<>();
		for (ACL entry : acl) {
			parts.add(entry.getId().getScheme() + ":" + entry.getId().getId() + ":" + letters(entry.getPerms()));
		}
		return String.join(",", parts);
	}

	private static String letters(int perms) {
		StringBuilder letters = new StringBuilder();
		if ((perms & ZooDefs.Perms.CREATE) != 0) {
			letters.append('c');
		}
		if ((perms & ZooDefs.Perms.DELETE) != 0) {
			letters.append('d');
		}
		if ((perms & ZooDefs.Perms.READ) != 0) {
			letters.append('r');
		}
		if ((perms & ZooDefs.Perms.WRITE) != 0) {
			letters.append('w');
		}
		if ((perms & ZooDefs.Perms.ADMIN) != 0) {
			letters.append('a');
		}
		return letters.toString();
	}

	/**
	 * The credentials of {@code snowflake.zookeeper.auth}, {@code digest:<user>:<password>}, as the digest scheme takes
	 * them ({@code user:password}). The value is a secret: a message never shows any of it.
	 */
	static byte[] digestCredentials(String value) {
		String credentials = (value != null && value.startsWith("digest:")) ? value.substring("digest:".length()) : "";
		int colon = credentials.indexOf(':');
		if (colon <= 0 || colon == credentials.length() - 1) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.AUTH, "(a secret, not shown)",
					"digest:<user>:<password> (ZooKeeper's digest scheme, a user without ':', a password not empty); "
							+ "leave it unset for world-writable lease nodes");
		}
		// ZooKeeper's digest provider decodes the credentials with the SERVER's default charset: on a server not
		// running with UTF-8 every non-ASCII byte becomes U+FFFD, and passwords that differ only there are equal.
		if (!credentials.chars().allMatch((c) -> c >= 0x20 && c < 0x7F)) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.AUTH, "(a secret, not shown)",
					"digest:<user>:<password> of printable ASCII characters only: ZooKeeper servers decode the "
							+ "credentials with their default charset, and one not running with UTF-8 turns every other "
							+ "character into the same replacement character (passwords differing there would be equal)");
		}
		return credentials.getBytes(java.nio.charset.StandardCharsets.UTF_8);
	}

	/** Gives the creator's authenticated identity everything, nobody else anything: {@link ZooDefs.Ids#CREATOR_ALL_ACL}. */
	static final class CreatorOnly implements ACLProvider {

		@Override
		public List<ACL> getDefaultAcl() {
			return ZooDefs.Ids.CREATOR_ALL_ACL;
		}

		@Override
		public List<ACL> getAclForPath(String path) {
			return ZooDefs.Ids.CREATOR_ALL_ACL;
		}
	}
}
