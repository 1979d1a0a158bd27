package io.snowflakeid.quarkus.deployment;

import io.quarkus.builder.item.SimpleBuildItem;

/** The application's {@code @PublicId} uses, found once for the build steps that act on them. */
final class PublicIdUsesBuildItem extends SimpleBuildItem {

	private final PublicIdUses uses;

	PublicIdUsesBuildItem(PublicIdUses uses) {
		this.uses = uses;
	}

	PublicIdUses uses() {
		return this.uses;
	}
}
