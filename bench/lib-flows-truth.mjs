// For real back ends of the stacks bench: per served Conduit endpoint, the service or view method
// its flow must name and the lines where its code makes the endpoint's data access (any one of them
// counts: a query built on one line and run on another is one access), read by hand from each
// app's handlers, services and models. `null` where the endpoint touches no data in the app's own
// code (the current user from the request, a login the framework's auth does).
//
// Format: 'METHOD /path': [service or view method, file, [lines]] or [service, null]; [service, file,
// null] where the service's name is common (Koa's `get`) and only its file says which it is.

const nest = 'src/article/article.service.ts';
const nestProfile = 'src/profile/profile.service.ts';
const nestUser = 'src/user/user.service.ts';

const express = 'src/app/routes/article/article.service.ts';
const expressProfile = 'src/app/routes/profile/profile.service.ts';
const expressAuth = 'src/app/routes/auth/auth.service.ts';

const ginArticles = 'articles/models.go';
const ginUsers = 'users/models.go';

const drfArticles = 'conduit/apps/articles/views.py';
const drfArticleSerializers = 'conduit/apps/articles/serializers.py';
const drfProfiles = 'conduit/apps/profiles/views.py';
const drfAuth = 'conduit/apps/authentication/serializers.py';

const spring = 'src/main/java/io/spring/';
const springArticles = `${spring}application/ArticleQueryService.java`;

const laravel = 'app/Http/Controllers/Api/';

const koa = 'src/controllers/';

const cs = 'src/Conduit/Features/';

const kt = 'core/src/main/kotlin/io/github/gunkim/realworld/domain/';

const exBlog = 'lib/real_world/blog/blog.ex';
const exUsers = 'lib/real_world/accounts/users.ex';
const exAuth = 'lib/real_world/accounts/auth.ex';

const heroes = 'backend/src/controllers/';

export const flowTruth = {
  // Express + Knex: routes name controller modules' methods (objects of async functions), which
  // query Knex's `connection('table')` builder directly.
  'express-knex': {
    'POST /session': ['create', `${heroes}SessionController.js`, [7]],
    'GET /ongs': ['index', `${heroes}OngController.js`, [6]],
    'POST /ongs': ['create', `${heroes}OngController.js`, [15]],
    'GET /profile': ['index', `${heroes}ProfileController.js`, [6]],
    'GET /incidents': ['index', `${heroes}IncidentController.js`, [7, 9]],
    'POST /incidents': ['create', `${heroes}IncidentController.js`, [23]],
    'DELETE /incidents/:id': ['delete', `${heroes}IncidentController.js`, [37, 58]],
  },
  // Koa + knex: routers name controller members through a controllers index (`ctrl.get`,
  // `ctrl.feed.get`, `ctrl.comments.get`); `router.param` loaders read the article and the profile.
  'koa-knex': {
    'GET /api/articles': ['get', `${koa}articles-controller.js`, [91]],
    'GET /api/articles/feed': ['get', `${koa}articles-controller.js`, [403]],
    'GET /api/articles/:slug': ['getOne', `${koa}articles-controller.js`, [20]],
    'POST /api/articles': ['post', `${koa}articles-controller.js`, [204, 215]],
    'PUT /api/articles/:slug': ['put', `${koa}articles-controller.js`, [279, 300]],
    'DELETE /api/articles/:slug': ['del', `${koa}articles-controller.js`, [385]],
    'POST /api/articles/:slug/favorite': ['post', `${koa}articles-controller.js`, [457]],
    'DELETE /api/articles/:slug/favorite': ['del', `${koa}articles-controller.js`, [482]],
    'GET /api/articles/:slug/comments': ['get', `${koa}comments-controller.js`, [32]],
    'POST /api/articles/:slug/comments': ['post', `${koa}comments-controller.js`, [71]],
    'DELETE /api/articles/:slug/comments/:comment': ['del', `${koa}comments-controller.js`, [81]],
    'GET /api/profiles/:username': ['get', `${koa}profiles-controller.js`, [14]],
    'POST /api/profiles/:username/follow': ['post', `${koa}profiles-controller.js`, [66]],
    'DELETE /api/profiles/:username/follow': ['del', `${koa}profiles-controller.js`, [89]],
    'GET /api/tags': ['get', `${koa}tags-controller.js`, [5]],
    'GET /api/user': ['get', `${koa}users-controller.js`, null],
    'PUT /api/user': ['put', `${koa}users-controller.js`, [52]],
    'POST /api/users': ['post', `${koa}users-controller.js`, [27]],
    'POST /api/users/login': ['login', `${koa}users-controller.js`, [70]],
  },
  // Kotlin Spring: routes on `…Resource` interfaces, implemented by controllers that call one use-case
  // service each; the service calls a domain repository port (implemented over JPA DAOs in core-impl).
  'kotlin-spring-jpa': {
    'GET /api/articles': ['GetArticleService.getArticles', `${kt}article/service/GetArticleService.kt`, [21]],
    'GET /api/articles/feed': [
      'GetArticleService.feedArticles',
      `${kt}article/service/GetArticleService.kt`,
      [35],
    ],
    'GET /api/articles/:slug': ['GetArticleService.getArticle', `${kt}article/ArticleFindable.kt`, [12]],
    'POST /api/articles': [
      'CreateArticleService.createArticle',
      `${kt}article/service/CreateArticleService.kt`,
      [26],
    ],
    'PUT /api/articles/:slug': [
      'UpdateArticleService.updateArticle',
      `${kt}article/service/UpdateArticleService.kt`,
      [29],
    ],
    'DELETE /api/articles/:slug': [
      'DeleteArticleService.deleteArticle',
      `${kt}article/service/DeleteArticleService.kt`,
      [22],
    ],
    'POST /api/articles/:slug/favorite': [
      'FavoriteArticleService.favoriteArticle',
      `${kt}article/service/FavoriteArticleService.kt`,
      [38],
    ],
    'DELETE /api/articles/:slug/favorite': [
      'FavoriteArticleService.unfavoriteArticle',
      `${kt}article/service/FavoriteArticleService.kt`,
      [49],
    ],
    'GET /api/articles/:slug/comments': [
      'GetCommentService.getComments',
      `${kt}comment/service/GetCommentService.kt`,
      [13],
    ],
    'POST /api/articles/:slug/comments': [
      'AddCommentService.addComment',
      `${kt}comment/service/AddCommentService.kt`,
      [27],
    ],
    'DELETE /api/articles/:slug/comments/:id': [
      'DeleteCommentService.deleteComment',
      `${kt}comment/service/DeleteCommentService.kt`,
      [31],
    ],
    'GET /api/tags': ['GetTagService.getTags', `${kt}article/service/GetTagService.kt`, [11]],
    'GET /api/profiles/:username': [
      'GetUserService.getByUsername',
      `${kt}user/service/GetUserService.kt`,
      [16],
    ],
    'POST /api/profiles/:username/follow': [
      'FollowUserService.followUser',
      `${kt}user/service/FollowUserService.kt`,
      [17],
    ],
    'DELETE /api/profiles/:username/follow': [
      'FollowUserService.unfollowUser',
      `${kt}user/service/FollowUserService.kt`,
      [23],
    ],
    // `.let(userRepository::save)`: the save is a callable reference on line 21.
    'POST /api/users': ['CreateUserService.createUser', `${kt}user/service/CreateUserService.kt`, [21]],
    'POST /api/users/login': ['GetUserService.getByEmail', `${kt}user/service/GetUserService.kt`, [13]],
    // GetUserService inherits getUserById from its interface's default method.
    'GET /api/user': ['UserFindable.getUserById', `${kt}user/UserFindable.kt`, [12]],
    'PUT /api/user': ['UpdateUserService.updateUser', `${kt}user/service/UpdateUserService.kt`, [25]],
  },
  // Phoenix: each controller action calls a context module (Blog, Users, Auth) that runs Ecto's Repo;
  // its resources' member routes take the slug as `:id`.
  'phoenix-ecto': {
    'GET /articles': ['Blog.list_articles', exBlog, [28]],
    'GET /articles/feed': ['Blog.feed', exBlog, [53]],
    'GET /articles/:id': ['Blog.get_article_by_slug!', exBlog, [80]],
    'POST /articles': ['Blog.create_article', exBlog, [97]],
    'PUT /articles/:id': ['Blog.update_article', exBlog, [78, 115]],
    'DELETE /articles/:id': ['Blog.delete_article', exBlog, [131, 136]],
    'GET /articles/:article_id/comments': ['Blog.list_comments', exBlog, [154]],
    'POST /articles/:article_id/comments': ['Blog.create_comment', exBlog, [188]],
    'DELETE /articles/:article_id/comments/:id': ['Blog.delete_comment', exBlog, [171, 222]],
    'POST /articles/:slug/favorite': ['Blog.favorite', exBlog, [270]],
    'DELETE /articles/:slug/favorite': ['Blog.unfavorite', exBlog, [249, 292]],
    'GET /tags': ['Blog.list_tags', exBlog, [57]],
    'GET /profiles/:username': ['Users.get_by_username', exUsers, [11]],
    'POST /profiles/:username/follow': ['Users.follow', exUsers, [23]],
    'DELETE /profiles/:username/follow': ['Users.unfollow', exUsers, [29, 36]],
    'POST /users': ['Auth.register', exAuth, [25]],
    'POST /users/login': ['Auth.find_user_and_check_password', exAuth, [13]],
    'GET /user': ['UserController.current_user', null],
    'PUT /user': ['Users.update_user', exUsers, [17]],
  },
  // MediatR: each controller action Sends a request its handler's Handle serves (EF Core there).
  'aspnetcore-efcore': {
    'GET /articles': ['QueryHandler.Handle', `${cs}Articles/List.cs`, [31, 35, 56, 74, 90, 111]],
    'GET /articles/feed': ['QueryHandler.Handle', `${cs}Articles/List.cs`, [31, 35, 56, 74, 90, 111]],
    'GET /articles/:slug': ['QueryHandler.Handle', `${cs}Articles/Details.cs`, [28]],
    'POST /articles': ['Handler.Handle', `${cs}Articles/Create.cs`, [53, 60, 64, 66, 81, 83, 88]],
    'PUT /articles/:slug': ['Handler.Handle', `${cs}Articles/Edit.cs`, [36, 61, 71, 76, 79, 81, 83]],
    'DELETE /articles/:slug': ['QueryHandler.Handle', `${cs}Articles/Delete.cs`, [26, 35, 36]],
    'GET /articles/:slug/comments': ['QueryHandler.Handle', `${cs}Comments/List.cs`, [22]],
    'POST /articles/:slug/comments': ['Handler.Handle', `${cs}Comments/Create.cs`, [35, 47, 59, 63]],
    'DELETE /articles/:slug/comments/:id': ['QueryHandler.Handle', `${cs}Comments/Delete.cs`, [27, 42, 43]],
    'POST /articles/:slug/favorite': [
      'QueryHandler.Handle',
      `${cs}Favorites/Add.cs`,
      [31, 44, 57, 71, 72, 75],
    ],
    'DELETE /articles/:slug/favorite': [
      'QueryHandler.Handle',
      `${cs}Favorites/Delete.cs`,
      [31, 40, 52, 59, 60, 63],
    ],
    'POST /profiles/:username/follow': ['QueryHandler.Handle', `${cs}Followers/Add.cs`, [34, 47, 60, 74, 75]],
    'DELETE /profiles/:username/follow': [
      'QueryHandler.Handle',
      `${cs}Followers/Delete.cs`,
      [33, 46, 59, 66, 67],
    ],
    'GET /profiles/:username': ['ProfileReader.ReadProfile', `${cs}Profiles/ProfileReader.cs`, [25, 41]],
    'GET /tags': ['QueryHandler.Handle', `${cs}Tags/List.cs`, [19, 22]],
    'GET /user': ['QueryHandler.Handle', `${cs}Users/Details.cs`, [32]],
    'PUT /user': ['Handler.Handle', `${cs}Users/Edit.cs`, [48, 71]],
    'POST /users': ['Handler.Handle', `${cs}Users/Create.cs`, [43, 55, 78, 79]],
    'POST /users/login': ['Handler.Handle', `${cs}Users/Login.cs`, [46]],
  },
  // Controllers call Eloquent themselves; route model binding (`show(Article $article)`) loads the
  // model before the method runs, at its signature.
  'laravel-eloquent': {
    'GET /api/articles': ['ArticleController.index', `${laravel}ArticleController.php`, [37]],
    'POST /api/articles': ['ArticleController.store', `${laravel}ArticleController.php`, [52, 63, 66]],
    'GET /api/articles/:slug': ['ArticleController.show', `${laravel}ArticleController.php`, [78]],
    'PUT /api/articles/:slug': ['ArticleController.update', `${laravel}ArticleController.php`, [90, 93]],
    'DELETE /api/articles/:slug': [
      'ArticleController.destroy',
      `${laravel}ArticleController.php`,
      [106, 108],
    ],
    'GET /api/articles/:slug/comments': [
      'CommentController.index',
      `${laravel}CommentController.php`,
      [32, 34],
    ],
    'POST /api/articles/:slug/comments': [
      'CommentController.store',
      `${laravel}CommentController.php`,
      [46, 48],
    ],
    'DELETE /api/articles/:slug/comments/:id': [
      'CommentController.destroy',
      `${laravel}CommentController.php`,
      [64, 66],
    ],
    'POST /api/articles/:slug/favorite': [
      'HasFavorite.favorite',
      'app/RealWorld/Favorite/HasFavorite.php',
      [19],
    ],
    'DELETE /api/articles/:slug/favorite': [
      'HasFavorite.unFavorite',
      'app/RealWorld/Favorite/HasFavorite.php',
      [31],
    ],
    'GET /api/articles/feed': ['User.feed', 'app/User.php', [81, 83]],
    'GET /api/tags': ['TagController.index', `${laravel}TagController.php`, [27]],
    'GET /api/profiles/:username': ['ProfileController.show', `${laravel}ProfileController.php`, [29]],
    'POST /api/profiles/:username/follow': ['Followable.follow', 'app/RealWorld/Follow/Followable.php', [45]],
    'DELETE /api/profiles/:username/follow': [
      'Followable.unFollow',
      'app/RealWorld/Follow/Followable.php',
      [57],
    ],
    'GET /api/user': ['UserController.index', null],
    'PUT /api/user': ['UserController.update', `${laravel}UserController.php`, [43]],
    'POST /api/users': ['AuthController.register', `${laravel}AuthController.php`, [49]],
    'POST /api/users/login': ['AuthController.login', null],
  },
  // MyBatis: the calls into @Mapper interfaces and repositories are the access (SQL in XML).
  'spring-mybatis': {
    'GET /articles': ['ArticleQueryService.findRecentArticles', springArticles, [102, 103, 107]],
    'GET /articles/feed': ['ArticleQueryService.findUserFeed', springArticles, [118, 120]],
    'POST /articles': [
      'ArticleCommandService.createArticle',
      `${spring}application/article/ArticleCommandService.java`,
      [26],
    ],
    'GET /articles/:slug': ['ArticleQueryService.findBySlug', springArticles, [43]],
    'PUT /articles/:slug': [
      'ArticleCommandService.updateArticle',
      `${spring}application/article/ArticleCommandService.java`,
      [35],
    ],
    'DELETE /articles/:slug': ['ArticleRepository.remove', `${spring}api/ArticleApi.java`, [68, 75]],
    'GET /articles/:slug/comments': [
      'CommentQueryService.findByArticleId',
      `${spring}application/CommentQueryService.java`,
      [38],
    ],
    'POST /articles/:slug/comments': ['CommentRepository.save', `${spring}api/CommentsApi.java`, [48]],
    'DELETE /articles/:slug/comments/:id': [
      'CommentRepository.remove',
      `${spring}api/CommentsApi.java`,
      [81],
    ],
    'POST /articles/:slug/favorite': [
      'ArticleFavoriteRepository.save',
      `${spring}api/ArticleFavoriteApi.java`,
      [35],
    ],
    'DELETE /articles/:slug/favorite': [
      'ArticleFavoriteRepository.remove',
      `${spring}api/ArticleFavoriteApi.java`,
      [48],
    ],
    'GET /profiles/:username': [
      'ProfileQueryService.findByUsername',
      `${spring}application/ProfileQueryService.java`,
      [19],
    ],
    'POST /profiles/:username/follow': ['UserRepository.saveRelation', `${spring}api/ProfileApi.java`, [45]],
    'DELETE /profiles/:username/follow': [
      'UserRepository.removeRelation',
      `${spring}api/ProfileApi.java`,
      [61],
    ],
    'GET /tags': ['TagsQueryService.allTags', `${spring}application/TagsQueryService.java`, [14]],
    'GET /user': ['UserQueryService.findById', `${spring}application/UserQueryService.java`, [15]],
    'PUT /user': ['UserService.updateUser', `${spring}application/user/UserService.java`, [55]],
    'POST /users': ['UserService.createUser', `${spring}application/user/UserService.java`, [42]],
    'POST /users/login': ['UserRepository.findByEmail', `${spring}api/UsersApi.java`, [49]],
  },
  'nestjs-typeorm': {
    'GET /api/articles': ['ArticleService.findAll', nest, [28, 51, 61]],
    'GET /api/articles/feed': ['ArticleService.findFeed', nest, [67, 75, 81, 91]],
    'GET /api/articles/:slug': ['ArticleService.findOne', nest, [97]],
    'GET /api/articles/:slug/comments': ['ArticleService.findComments', nest, [166]],
    'POST /api/articles': ['ArticleService.create', nest, [179, 181, 184]],
    'PUT /api/articles/:slug': ['ArticleService.update', nest, [191, 193]],
    'DELETE /api/articles/:slug': ['ArticleService.delete', nest, [198]],
    'POST /api/articles/:slug/comments': ['ArticleService.addComment', nest, [102, 109, 110]],
    'DELETE /api/articles/:slug/comments/:id': ['ArticleService.deleteComment', nest, [115, 117, 122, 123]],
    'POST /api/articles/:slug/favorite': ['ArticleService.favorite', nest, [132, 133, 140, 141]],
    'DELETE /api/articles/:slug/favorite': ['ArticleService.unFavorite', nest, [148, 149, 158, 159]],
    'GET /api/profiles/:username': ['ProfileService.findProfile', nestProfile, [31, 41]],
    'POST /api/profiles/:username/follow': ['ProfileService.follow', nestProfile, [55, 56, 62, 68]],
    'DELETE /api/profiles/:username/follow': ['ProfileService.unFollow', nestProfile, [86, 92]],
    'GET /api/user': ['UserService.findByEmail', nestUser, [99]],
    'PUT /api/user': ['UserService.update', nestUser, [75, 80]],
    'POST /api/users': ['UserService.create', nestUser, [42, 47, 68]],
    'POST /api/users/login': ['UserService.findOne', nestUser, [26]],
    'GET /api/tags': ['TagService.findAll', 'src/tag/tag.service.ts', [14]],
  },
  'express-prisma': {
    'GET /api/articles': ['getArticles', express, [71, 77]],
    'GET /api/articles/feed': ['getFeed', express, [114, 122]],
    'POST /api/articles': ['createArticle', express, [180, 197]],
    'GET /api/articles/:slug': ['getArticle', express, [242]],
    'PUT /api/articles/:slug': ['updateArticle', express, [277, 292, 320, 345]],
    'DELETE /api/articles/:slug': ['deleteArticle', express, [386, 409]],
    'GET /api/articles/:slug/comments': ['getCommentsByArticle', express, [433]],
    'POST /api/articles/:slug/comments': ['addComment', express, [478, 487]],
    'DELETE /api/articles/:slug/comments/:id': ['deleteComment', express, [528, 555]],
    'POST /api/articles/:slug/favorite': ['favoriteArticle', express, [563]],
    'DELETE /api/articles/:slug/favorite': ['unfavoriteArticle', express, [609]],
    'GET /api/profiles/:username': ['getProfile', expressProfile, [6]],
    'POST /api/profiles/:username/follow': ['followUser', expressProfile, [23]],
    'DELETE /api/profiles/:username/follow': ['unfollowUser', expressProfile, [43]],
    'POST /api/users': ['createUser', expressAuth, [10, 19, 60]],
    'POST /api/users/login': ['login', expressAuth, [96]],
    'GET /api/user': ['getCurrentUser', expressAuth, [132]],
    'PUT /api/user': ['updateUser', expressAuth, [159]],
    'GET /api/tags': ['getTags', 'src/app/routes/tag/tag.service.ts', [16]],
  },
  'gin-gorm': {
    'GET /api/articles': [
      'FindManyArticle',
      ginArticles,
      [160, 162, 163, 167, 171, 172, 176, 182, 184, 187, 192, 193],
    ],
    'POST /api/articles': ['SaveOne', ginArticles, [107]],
    'GET /api/articles/:slug': ['FindOneArticle', ginArticles, [115]],
    'PUT /api/articles/:slug': ['ArticleModel.Update', ginArticles, [115, 255]],
    'DELETE /api/articles/:slug': ['DeleteArticleModel', ginArticles, [261]],
    'POST /api/articles/:slug/favorite': ['ArticleModel.favoriteBy', ginArticles, [89]],
    'DELETE /api/articles/:slug/favorite': ['ArticleModel.unFavoriteBy', ginArticles, [98, 101]],
    'GET /api/articles/:slug/comments': ['ArticleModel.getComments', ginArticles, [115, 126]],
    'POST /api/articles/:slug/comments': ['SaveOne', ginArticles, [107]],
    'DELETE /api/articles/:slug/comments/:id': ['DeleteCommentModel', ginArticles, [267]],
    'GET /api/tags': ['getAllTags', ginArticles, [138]],
    'GET /api/profiles/:username': ['FindOneUser', ginUsers, [78]],
    'POST /api/profiles/:username/follow': ['UserModel.following', ginUsers, [103]],
    'DELETE /api/profiles/:username/follow': ['UserModel.unFollowing', ginUsers, [126, 129]],
    'POST /api/users': ['SaveOne', ginUsers, [86]],
    'POST /api/users/login': ['FindOneUser', ginUsers, [78]],
    'GET /api/user': ['UserRetrieve', null],
    'PUT /api/user': ['UserModel.Update', ginUsers, [94]],
  },
  'django-drf': {
    'GET /api/articles': ['ArticleViewSet.list', drfArticles, [20, 30, 34, 38]],
    'POST /api/articles': ['ArticleSerializer.create', drfArticleSerializers, [49]],
    'GET /api/articles/:slug': ['ArticleViewSet.retrieve', drfArticles, [75]],
    'PUT /api/articles/:slug': ['ArticleViewSet.update', drfArticles, [91]],
    'GET /api/articles/feed': ['ArticlesFeedAPIView.get_queryset', drfArticles, [213, 218]],
    'GET /api/articles/:slug/comments': [
      'CommentsListCreateAPIView.filter_queryset',
      drfArticles,
      [113, 126],
    ],
    'POST /api/articles/:slug/comments': ['CommentSerializer.create', drfArticleSerializers, [97]],
    'DELETE /api/articles/:slug/comments/:id': ['CommentsDestroyAPIView.destroy', drfArticles, [151, 155]],
    'POST /api/articles/:slug/favorite': ['ArticlesFavoriteAPIView.post', drfArticles, [185]],
    'DELETE /api/articles/:slug/favorite': ['ArticlesFavoriteAPIView.delete', drfArticles, [170]],
    'GET /api/tags': ['TagListAPIView.list', drfArticles, [197]],
    'GET /api/profiles/:username': ['ProfileRetrieveAPIView.retrieve', drfProfiles, [15, 23]],
    'POST /api/profiles/:username/follow': ['ProfileFollowAPIView.post', drfProfiles, [59]],
    'DELETE /api/profiles/:username/follow': ['ProfileFollowAPIView.delete', drfProfiles, [43]],
    'POST /api/users': ['RegistrationSerializer.create', drfAuth, [33]],
    'POST /api/users/login': ['LoginAPIView.post', null],
    'GET /api/user': ['UserRetrieveUpdateAPIView.retrieve', null],
    'PUT /api/user': ['UserSerializer.update', drfAuth, [166, 174]],
  },
};
